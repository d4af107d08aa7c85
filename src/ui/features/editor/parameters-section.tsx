// What is sent to every provider with each input (max_tokens, temperature, …): the common ones as fields,
// all of them as JSON.
import { CheckboxField, NumberField } from "./fields";
import { JsonField } from "./json-field";

const TEXT_GENERATING_TASKS = ["chat-completion", "text-generation"];

export function ParametersSection({ task }: { task: string }) {
  return (
    <fieldset className="editor-section">
      <legend>Parameters</legend>
      {TEXT_GENERATING_TASKS.includes(task) ? (
        <div className="editor-grid">
          <NumberField path={["parameters", "max_tokens"]} label="Max tokens" />
          <NumberField path={["parameters", "temperature"]} label="Temperature" />
        </div>
      ) : null}
      <JsonField path={["parameters"]} label="All parameters (JSON)" rows={3} hint="Sent to the provider as they are; never keys or routing." />
      {TEXT_GENERATING_TASKS.includes(task) ? <CheckboxField path={["run", "stream"]} label="Stream the answers (time to first token)" /> : null}
    </fieldset>
  );
}
