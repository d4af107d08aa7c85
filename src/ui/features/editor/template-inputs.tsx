// Template inputs: a Jinja template rendered once per row of a variables table. This is the slot for the
// datasets feature's template editor (preview, CSV/JSONL import): until it is mounted here, the template,
// the system message and the rows are edited as plain fields, with errors from validation.
import { JsonField } from "./json-field";
import { TextField } from "./fields";

export function TemplateInputs({ task }: { task: string }) {
  return (
    <div className="template-inputs" data-testid="template-inputs-slot">
      <TextField path={["inputs", "template"]} label="Template (Jinja)" multiline placeholder="Explain {{ topic }} in one sentence." />
      {task === "chat-completion" ? <TextField path={["inputs", "system"]} label="System message (optional)" multiline /> : null}
      <JsonField path={["inputs", "variables"]} label="Variables (JSON: one object per row)" rows={6} />
    </div>
  );
}
