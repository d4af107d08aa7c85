// The target builder: the providers and endpoints the scenario compares.
import { getAt } from "./draft-paths";
import { useEditor, useFieldErrors } from "./editor-context";
import { FieldErrors } from "./field-errors";
import { newEndpointTarget, newProviderTarget, newSandboxTarget } from "./new-target";
import { TargetRow } from "./target-row";

export function TargetsSection({ exampleModels }: { exampleModels: readonly string[] }) {
  const { draft, update } = useEditor();
  const targets = getAt(draft, ["targets"]);
  const list: unknown[] = Array.isArray(targets) ? targets : [];
  const task = typeof draft.task === "string" ? draft.task : "";
  const errors = useFieldErrors(["targets"]);
  const add = (target: Record<string, unknown>): void => update(["targets"], [...list, target]);
  return (
    <fieldset className="editor-section" id="field-targets">
      <legend>Targets</legend>
      <p className="hint">Each target gets the same inputs. Hugging Face providers need a token (Settings); endpoints and the sandbox do not.</p>
      {exampleModels.length > 0 ? (
        <p className="hint">
          Example models for this task: {exampleModels.slice(0, 4).map((model, position) => (
            <span key={model}>
              {position > 0 ? ", " : ""}
              <code>{model}</code>
            </span>
          ))}
        </p>
      ) : null}
      {list.map((_, index) => (
        <TargetRow
          key={index}
          index={index}
          task={task}
          exampleModels={exampleModels}
          onRemove={() => update(["targets"], list.filter((__, position) => position !== index))}
        />
      ))}
      <FieldErrors id="targets-errors" errors={errors} />
      <div className="form-row">
        <button type="button" className="button" onClick={() => add(newProviderTarget(list, exampleModels[0] ?? ""))}>
          Add a provider
        </button>
        <button type="button" className="button" onClick={() => add(newEndpointTarget(list))}>
          Add an endpoint
        </button>
        <button type="button" className="button" onClick={() => add(newSandboxTarget(list))}>
          Add a sandbox target
        </button>
      </div>
    </fieldset>
  );
}
