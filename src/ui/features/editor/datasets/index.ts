// The template inputs editor (a template, its variables table from CSV or JSONL, the preview) that the
// scenario editor mounts for template inputs: its own folder inside the editor, since no other page uses it.
export { TemplateInputsEditor, type TemplateInputsEditorProps } from "./template-inputs-editor";
export type { TemplateInputsValue, TemplateInputsDraft } from "./template-inputs-value";
