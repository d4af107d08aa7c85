// One target of the scenario: a Hugging Face provider or an OpenAI-compatible endpoint, and its model.
import { useId } from "react";
import { getAt, isPlainObject, setAt } from "./draft-paths";
import { useEditor, useFieldErrors } from "./editor-context";
import { FieldErrors } from "./field-errors";
import { SelectField, TextField } from "./fields";
import { PROVIDER_CHOICES, endpointSupport, providerSupport } from "./provider-support";
import { SANDBOX_PROFILES } from "./new-target";

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
  const endpointsListId = useId();
  const kindName = useId();
  const name = typeof fields.label === "string" && fields.label !== "" ? fields.label : typeof fields.id === "string" ? fields.id : "";

  const switchKind = (toEndpoint: boolean): void => {
    if (toEndpoint === isEndpoint) return;
    let next: unknown = setAt(fields, [toEndpoint ? "provider" : "endpointUrl"], undefined);
    // A provider target is sent the Hugging Face token, never an endpoint's key.
    if (!toEndpoint) next = setAt(next, ["apiKeyEnv"], undefined);
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
      <div className="target-kind" role="radiogroup" aria-label={`Target ${index + 1} kind`}>
        <label>
          <input type="radio" name={kindName} checked={!isEndpoint} onChange={() => switchKind(false)} /> Hugging Face provider
        </label>
        <label>
          <input type="radio" name={kindName} checked={isEndpoint} onChange={() => switchKind(true)} /> OpenAI-compatible endpoint
        </label>
      </div>
      <div className="editor-grid">
        <TextField path={[...path, "id"]} label="Id" hint="Letters, digits, '.', '_' or '-'" />
        <TextField path={[...path, "label"]} label="Label (optional)" />
        {isEndpoint ? (
          <>
            <TextField path={[...path, "endpointUrl"]} label="Endpoint URL" list={endpointsListId} hint="The server's /v1 base, e.g. http://127.0.0.1:8000/v1, or sandbox:/fast/v1" />
            <TextField
              path={[...path, "apiKeyEnv"]}
              label="Key's environment variable (optional)"
              hint="For the command line, e.g. VLLM_KEY: its name, never the key; the run sends it only when granted with --key <id>=VLLM_KEY. In the browser, keys are set in Settings."
            />
            <datalist id={endpointsListId}>
              {SANDBOX_PROFILES.map((profile) => (
                <option key={profile} value={`sandbox:/${profile}/v1`} />
              ))}
            </datalist>
          </>
        ) : (
          <SelectField
            path={[...path, "provider"]}
            label="Provider"
            options={PROVIDER_CHOICES.map((choice) => {
              const choiceSupport = providerSupport(choice, task);
              return { value: choice, label: choiceSupport.supported ? choice : `${choice} (cannot serve ${task})` };
            })}
          />
        )}
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
