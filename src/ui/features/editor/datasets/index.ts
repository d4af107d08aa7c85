// What other features may use of the datasets feature: the template inputs editor the scenario editor mounts.
export { TemplateInputsEditor, type TemplateInputsEditorProps } from "./template-inputs-editor";
export type { TemplateInputsValue, TemplateInputsDraft } from "./template-inputs-value";
