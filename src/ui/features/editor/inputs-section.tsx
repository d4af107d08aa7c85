// The inputs every target receives, of one kind among those the editor offers (input-kinds.tsx): a list
// of literal inputs, a template over a table of variables, prompts of exact token lengths, a trace, or
// multi-turn sessions.
import { useId } from "react";
import { getAt } from "./draft-paths";
import { useEditor, useFieldErrors } from "./editor-context";
import { FieldErrors } from "./field-errors";
import { INPUT_KINDS, inputKindOf } from "./input-kinds";

export function InputsSection() {
  const { draft, update } = useEditor();
  const inputs = getAt(draft, ["inputs"]);
  const task = typeof draft.task === "string" ? draft.task : "";
  const kind = inputKindOf(inputs);
  const errors = useFieldErrors(["inputs"]);
  const modeName = useId();
  return (
    <fieldset className="editor-section" id="field-inputs">
      <legend>Inputs</legend>
      <div className="target-kind" role="radiogroup" aria-label="Inputs as">
        {INPUT_KINDS.map((option) => (
          <label key={option.id}>
            <input type="radio" name={modeName} checked={option === kind} onChange={() => option !== kind && update(["inputs"], option.from(inputs))} /> {option.label}
          </label>
        ))}
      </div>
      {kind.fields({ inputs, task })}
      <FieldErrors id="inputs-errors" errors={errors} />
    </fieldset>
  );
}
