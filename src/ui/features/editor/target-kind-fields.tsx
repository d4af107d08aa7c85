// A target's kind, a Hugging Face provider or an OpenAI-compatible endpoint: the choice between the two,
// and the fields of each (an endpoint's URL and key variable, a provider from the list).
import { useId } from "react";
import type { FieldPath } from "./draft-paths";
import { SelectField, TextField } from "./fields";
import { endpointApiChoices, PROVIDER_CHOICES, providerSupport } from "./provider-support";
import { SANDBOX_PROFILES } from "./new-target";

export function TargetKindChoice(props: { index: number; isEndpoint: boolean; onSwitch: (toEndpoint: boolean) => void }) {
  const { index, isEndpoint, onSwitch } = props;
  const kindName = useId();
  return (
    <div className="target-kind" role="radiogroup" aria-label={`Target ${index + 1} kind`}>
      <label>
        <input type="radio" name={kindName} checked={!isEndpoint} onChange={() => onSwitch(false)} /> Hugging Face provider
      </label>
      <label>
        <input type="radio" name={kindName} checked={isEndpoint} onChange={() => onSwitch(true)} /> OpenAI-compatible endpoint
      </label>
    </div>
  );
}

/** `path`: the target's own. */
export function EndpointFields({ path, task }: { path: FieldPath; task: string }) {
  const endpointsListId = useId();
  const apis = endpointApiChoices(task);
  return (
    <>
      <TextField path={[...path, "endpointUrl"]} label="Endpoint URL" list={endpointsListId} hint="The server's /v1 base, e.g. http://127.0.0.1:8000/v1, or sandbox:/fast/v1" />
      {apis.length > 0 ? (
        <SelectField
          path={[...path, "api"]}
          label="API it speaks"
          emptyLabel="hf (default): the library's route for the task"
          options={apis}
          hint="A server's own routes (docs/endpoint-apis.md): openai for an OpenAI-compatible server (vLLM, llama.cpp, Ollama), tei for Text Embeddings Inference."
        />
      ) : null}
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
  );
}

/** The providers, each that cannot serve the task marked so. `path`: the target's own. */
export function ProviderField({ path, task }: { path: FieldPath; task: string }) {
  return (
    <SelectField
      path={[...path, "provider"]}
      label="Provider"
      options={PROVIDER_CHOICES.map((choice) => {
        const choiceSupport = providerSupport(choice, task);
        return { value: choice, label: choiceSupport.supported ? choice : `${choice} (cannot serve ${task})` };
      })}
    />
  );
}
