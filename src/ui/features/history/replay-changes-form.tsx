// Replay with changes: the run's scenario with some of its targets, added ones, other repetitions or
// concurrency; the replay is a new run linked to this one (replayOfRunId), so the two compare.
import { useId } from "react";
import { type Scenario, type ScenarioError, targetDisplayName } from "../../../core/scenario";
import type { StoredRun } from "../../../store/db";
import { Notice } from "../../components/ui/notice";
import { useReplayChanges } from "./use-replay-changes";

interface ReplayChangesFormProps {
  run: StoredRun;
  onReplay: (scenario: Scenario) => void;
  onCancel: () => void;
  disabled: boolean;
}

export function ReplayChangesForm({ run, onReplay, onCancel, disabled }: ReplayChangesFormProps) {
  const spec = run.spec;
  const changes = useReplayChanges(spec, onReplay);
  const ids = { added: useId(), repetitions: useId(), concurrency: useId() };
  return (
    <form className="replay-changes" onSubmit={changes.submit} aria-label={`Replay ${run.scenarioName} with changes`}>
      <TargetsToKeep spec={spec} kept={changes.kept} onChange={changes.setKept} />
      <label htmlFor={ids.added}>Targets to add (JSON: one target or a list, as in a scenario file)</label>
      <textarea
        id={ids.added}
        className="code-input"
        rows={3}
        spellCheck={false}
        value={changes.addedText}
        onChange={(event) => changes.setAddedText(event.target.value)}
        placeholder='[{ "id": "steady", "endpointUrl": "sandbox:/steady/v1", "model": "sandbox-steady" }]'
      />
      <div className="form-row">
        <label htmlFor={ids.repetitions}>Repetitions</label>
        <input id={ids.repetitions} type="number" min={1} step={1} value={changes.repetitions} onChange={(event) => changes.setRepetitions(event.target.value)} />
        <label htmlFor={ids.concurrency}>Concurrency</label>
        <input id={ids.concurrency} type="number" min={1} step={1} value={changes.concurrency} onChange={(event) => changes.setConcurrency(event.target.value)} />
      </div>
      {changes.errors.length > 0 ? <ChangeErrors errors={changes.errors} /> : null}
      <div className="form-row">
        <button type="submit" className="button button-primary" disabled={disabled}>
          Replay with these changes
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** A checkbox per target of the run; a target checked again takes its place in the scenario's order. */
function TargetsToKeep({ spec, kept, onChange }: { spec: Scenario; kept: readonly string[]; onChange: (kept: string[]) => void }) {
  return (
    <fieldset>
      <legend>Targets to keep</legend>
      {spec.targets.map((target) => (
        <label key={target.id} className="checkbox">
          <input
            type="checkbox"
            checked={kept.includes(target.id)}
            onChange={(event) => onChange(event.target.checked ? spec.targets.map((t) => t.id).filter((id) => id === target.id || kept.includes(id)) : kept.filter((id) => id !== target.id))}
          />{" "}
          {targetDisplayName(spec, target.id)}
        </label>
      ))}
    </fieldset>
  );
}

function ChangeErrors({ errors }: { errors: readonly ScenarioError[] }) {
  return (
    <Notice tone="error" title="Not replayed: the changed scenario is not valid">
      <ul className="error-list" aria-label="Problems in the changes">
        {errors.map((error, index) => (
          <li key={index}>
            {error.path ? <code>{error.path}</code> : null} {error.message}
          </li>
        ))}
      </ul>
    </Notice>
  );
}
