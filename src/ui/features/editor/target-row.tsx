// One target of the scenario: a Hugging Face provider or an OpenAI-compatible endpoint, and its model.
import { useId } from "react";
import { getAt, isPlainObject, setAt } from "./draft-paths";
import { useEditor, useFieldErrors } from "./editor-context";
import { FieldErrors } from "./field-errors";
import { TextField } from "./fields";
import { endpointSupport, providerSupport } from "./provider-support";
import { EndpointFields, ProviderField, TargetKindChoice } from "./target-kind-fields";

interface TargetRowProps {
  index: number;
  task: string;
  exampleModels: readonly string[];
  onRemove: () => void;
}

export function TargetRow({ index, task, exampleModels, onRemove }: TargetRowProps) {
  const { draft, update } = useEditor();
  const path = ["targets", index] as const;
  const target = getAt(draft, path);
  const fields = isPlainObject(target) ? target : {};
  const isEndpoint = fields.endpointUrl !== undefined && fields.provider === undefined;
  const errors = useFieldErrors(path);
  const headingId = useId();
  const modelsListId = useId();
  const name = typeof fields.label === "string" && fields.label !== "" ? fields.label : typeof fields.id === "string" ? fields.id : "";

  const switchKind = (toEndpoint: boolean): void => {
    if (toEndpoint === isEndpoint) return;
    let next: unknown = setAt(fields, [toEndpoint ? "provider" : "endpointUrl"], undefined);
    // A provider target is sent the Hugging Face token, never an endpoint's key.
    if (!toEndpoint) next = setAt(setAt(next, ["apiKeyEnv"], undefined), ["api"], undefined);
    next = setAt(next, [toEndpoint ? "endpointUrl" : "provider"], toEndpoint ? "http://127.0.0.1:8080/v1" : "auto");
    update(path, next);
  };

  const provider = typeof fields.provider === "string" ? fields.provider : null;
  const support = isEndpoint ? endpointSupport(task) : provider !== null ? providerSupport(provider, task) : { supported: true as const };

  return (
    <fieldset className="target-row" aria-labelledby={headingId}>
      <div className="target-row-header">
        <h4 id={headingId}>
          Target {index + 1}
          {name ? `: ${name}` : ""}
        </h4>
        <button type="button" className="button button-small" onClick={onRemove} aria-label={`Remove target ${index + 1}${name ? ` (${name})` : ""}`}>
          Remove
        </button>
      </div>
      <TargetKindChoice index={index} isEndpoint={isEndpoint} onSwitch={switchKind} />
      <div className="editor-grid">
        <TextField path={[...path, "id"]} label="Id" hint="Letters, digits, '.', '_' or '-'" />
        <TextField path={[...path, "label"]} label="Label (optional)" />
        {isEndpoint ? <EndpointFields path={path} task={task} /> : <ProviderField path={path} task={task} />}
        <TextField path={[...path, "model"]} label="Model" list={modelsListId} />
        <datalist id={modelsListId}>
          {exampleModels.map((model) => (
            <option key={model} value={model} />
          ))}
        </datalist>
      </div>
      {!support.supported ? (
        <p className="target-support-warning" role="status">
          Cannot serve this task: {support.reason}.
        </p>
      ) : null}
      <FieldErrors id={`target-${index}-errors`} errors={errors} />
    </fieldset>
  );
}
