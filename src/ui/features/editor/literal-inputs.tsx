// Literal inputs: one field per input, a text box for a prompt and a JSON box for an object input (chat
// messages, or the fields of tasks that take several, such as question answering).
import { fieldId, getAt } from "./draft-paths";
import { useEditor, useFieldErrors } from "./editor-context";
import { FieldErrors } from "./field-errors";
import { InputFilePickers } from "./input-file-pickers";
import { JsonField } from "./json-field";

export function LiteralInputs({ inputs, task }: { inputs: readonly unknown[]; task: string }) {
  const { update } = useEditor();
  const remove = (index: number): void => update(["inputs"], inputs.filter((_, position) => position !== index));
  const objectTemplate = task === "chat-completion" ? { messages: [{ role: "user", content: "" }] } : {};
  return (
    <div className="literal-inputs">
      <ol className="input-list">
        {inputs.map((input, index) => (
          <li key={index} className="input-item">
            {typeof input === "string" ? <PromptInput index={index} /> : <JsonField path={["inputs", index]} label={`Input ${index + 1} (JSON)`} rows={4} />}
            <InputFilePickers input={input} index={index} />
            <button type="button" className="button button-small" onClick={() => remove(index)} aria-label={`Remove input ${index + 1}`}>
              Remove
            </button>
          </li>
        ))}
      </ol>
      <div className="form-row">
        <button type="button" className="button" onClick={() => update(["inputs"], [...inputs, ""])}>
          Add a prompt
        </button>
        <button type="button" className="button" onClick={() => update(["inputs"], [...inputs, objectTemplate])}>
          {task === "chat-completion" ? "Add a conversation (JSON)" : "Add an input as JSON"}
        </button>
      </div>
    </div>
  );
}

/** A prompt's text; unlike other text fields, an emptied prompt stays an empty string (still an input). */
function PromptInput({ index }: { index: number }) {
  const { draft, update } = useEditor();
  const path = ["inputs", index] as const;
  const errors = useFieldErrors(path, true);
  const id = fieldId(path);
  const value = getAt(draft, path);
  return (
    <div className={`editor-field${errors.length > 0 ? " has-errors" : ""}`}>
      <label htmlFor={id}>Input {index + 1}</label>
      <textarea
        id={id}
        rows={2}
        value={typeof value === "string" ? value : ""}
        aria-invalid={errors.length > 0 ? true : undefined}
        aria-describedby={errors.length > 0 ? `${id}-errors` : undefined}
        onChange={(event) => update(path, event.target.value)}
      />
      <FieldErrors id={`${id}-errors`} errors={errors} />
    </div>
  );
}
