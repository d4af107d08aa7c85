// Template inputs: a Jinja template rendered once per row of a variables table, edited with the template
// inputs editor of ./datasets (preview, CSV/JSONL import, errors by row and position). Keys it does not
// know are kept: its change is laid over the inputs object, not put in its place.
import { TemplateInputsEditor, type TemplateInputsDraft, type TemplateInputsValue } from "./datasets";
import { getAt, isPlainObject } from "./draft-paths";
import { useEditor, useFieldErrors } from "./editor-context";

export function TemplateInputs({ task }: { task: string }) {
  const { draft, update } = useEditor();
  const inputs = getAt(draft, ["inputs"]);
  // Errors about the inputs as a whole are shown by the inputs section.
  const errors = useFieldErrors(["inputs"], true).filter((error) => error.path !== "inputs");
  const onChange = (next: TemplateInputsValue): void => {
    const { system, ...rest } = next;
    const merged: Record<string, unknown> = { ...(isPlainObject(inputs) ? inputs : {}), ...rest };
    if (system === undefined) delete merged.system;
    else merged.system = system;
    update(["inputs"], merged);
  };
  return (
    <div className="template-inputs" data-testid="template-inputs-slot">
      <TemplateInputsEditor value={(isPlainObject(inputs) ? inputs : null) as TemplateInputsDraft} onChange={onChange} errors={errors} task={task} />
    </div>
  );
}
