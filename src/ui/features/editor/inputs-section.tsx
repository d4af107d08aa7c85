// The inputs every target receives: a list of literal inputs, or a template over a table of variables.
import { useId } from "react";
import { getAt, isPlainObject } from "./draft-paths";
import { useEditor, useFieldErrors } from "./editor-context";
import { FieldErrors } from "./field-errors";
import { LiteralInputs } from "./literal-inputs";
import { TemplateInputs } from "./template-inputs";
import { isSessionInputsDraft, SessionInputsSection } from "./session-inputs";

const PROMPT_VARIABLE = "prompt";

/** Literal prompts as a template over one `prompt` column, and back, so switching modes keeps the inputs. */
export function literalToTemplate(inputs: readonly unknown[]): Record<string, unknown> {
  const prompts = inputs.filter((input): input is string => typeof input === "string");
  return { template: `{{ ${PROMPT_VARIABLE} }}`, variables: (prompts.length > 0 ? prompts : [""]).map((prompt) => ({ [PROMPT_VARIABLE]: prompt })) };
}

export function templateToLiteral(inputs: Record<string, unknown>): unknown[] {
  const rows = Array.isArray(inputs.variables) ? inputs.variables : [];
  if (inputs.template === `{{ ${PROMPT_VARIABLE} }}`) return rows.map((row) => {
      const prompt = isPlainObject(row) ? row[PROMPT_VARIABLE] : undefined;
      return typeof prompt === "string" || typeof prompt === "number" || typeof prompt === "boolean" ? String(prompt) : "";
    });
  return [typeof inputs.template === "string" ? inputs.template : ""];
}

export function InputsSection() {
  const { draft, update } = useEditor();
  const inputs = getAt(draft, ["inputs"]);
  const task = typeof draft.task === "string" ? draft.task : "";
  const isTemplate = isPlainObject(inputs);
  const errors = useFieldErrors(["inputs"]);
  const modeName = useId();
  const setMode = (template: boolean): void => {
    if (template === isTemplate) return;
    update(["inputs"], template ? literalToTemplate(Array.isArray(inputs) ? inputs : []) : templateToLiteral(isPlainObject(inputs) ? inputs : {}));
  };
  // Sessions (inputs.sessions) have their own form.
  if (isSessionInputsDraft(inputs)) return <SessionInputsSection />;
  return (
    <fieldset className="editor-section" id="field-inputs">
      <legend>Inputs</legend>
      <div className="target-kind" role="radiogroup" aria-label="Inputs as">
        <label>
          <input type="radio" name={modeName} checked={!isTemplate} onChange={() => setMode(false)} /> A list of inputs
        </label>
        <label>
          <input type="radio" name={modeName} checked={isTemplate} onChange={() => setMode(true)} /> A template over a table
        </label>
      </div>
      {isTemplate ? <TemplateInputs task={task} /> : <LiteralInputs inputs={Array.isArray(inputs) ? inputs : []} task={task} />}
      <FieldErrors id="inputs-errors" errors={errors} />
    </fieldset>
  );
}
