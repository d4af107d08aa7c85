// Replay with changes: the run's scenario with some of its targets, added ones, other repetitions or
// concurrency; the replay is a new run linked to this one (replayOfRunId), so the two compare.
import { useId, useState, type FormEvent } from "react";
import { scenarioWithChanges, type Scenario, type ScenarioError, targetDisplayName } from "../../../core/scenario";
import type { StoredRun } from "../../../store/db";
import { Notice } from "../../components/ui/notice";

interface ReplayChangesFormProps {
  run: StoredRun;
  onReplay: (scenario: Scenario) => void;
  onCancel: () => void;
  disabled: boolean;
}

export function ReplayChangesForm({ run, onReplay, onCancel, disabled }: ReplayChangesFormProps) {
  const spec = run.spec;
  const [kept, setKept] = useState<string[]>(spec.targets.map((target) => target.id));
  const [addedText, setAddedText] = useState("");
  const [repetitions, setRepetitions] = useState(String(spec.run.repetitions));
  const [concurrency, setConcurrency] = useState(String(spec.run.concurrency));
  const [errors, setErrors] = useState<ScenarioError[]>([]);
  const ids = { added: useId(), repetitions: useId(), concurrency: useId() };

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    let addedTargets: unknown[] = [];
    if (addedText.trim() !== "") {
      try {
        const parsed: unknown = JSON.parse(addedText);
        addedTargets = Array.isArray(parsed) ? parsed : [parsed];
      } catch (error) {
        setErrors([{ path: "targets", message: `the added targets are not JSON: ${(error as Error).message}` }]);
        return;
      }
    }
    const result = scenarioWithChanges(spec, { keepTargetIds: kept, addedTargets, repetitions: Number(repetitions), concurrency: Number(concurrency) });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors([]);
    onReplay(result.scenario);
  };

  return (
    <form className="replay-changes" onSubmit={submit} aria-label={`Replay ${run.scenarioName} with changes`}>
      <fieldset>
        <legend>Targets to keep</legend>
        {spec.targets.map((target) => (
          <label key={target.id} className="checkbox">
            <input
              type="checkbox"
              checked={kept.includes(target.id)}
              onChange={(event) => setKept(event.target.checked ? spec.targets.map((t) => t.id).filter((id) => id === target.id || kept.includes(id)) : kept.filter((id) => id !== target.id))}
            />{" "}
            {targetDisplayName(spec, target.id)}
          </label>
        ))}
      </fieldset>
      <label htmlFor={ids.added}>Targets to add (JSON: one target or a list, as in a scenario file)</label>
      <textarea
        id={ids.added}
        className="code-input"
        rows={3}
        spellCheck={false}
        value={addedText}
        onChange={(event) => setAddedText(event.target.value)}
        placeholder='[{ "id": "steady", "endpointUrl": "sandbox:/steady/v1", "model": "sandbox-steady" }]'
      />
      <div className="form-row">
        <label htmlFor={ids.repetitions}>Repetitions</label>
        <input id={ids.repetitions} type="number" min={1} step={1} value={repetitions} onChange={(event) => setRepetitions(event.target.value)} />
        <label htmlFor={ids.concurrency}>Concurrency</label>
        <input id={ids.concurrency} type="number" min={1} step={1} value={concurrency} onChange={(event) => setConcurrency(event.target.value)} />
      </div>
      {errors.length > 0 ? (
        <Notice tone="error" title="Not replayed: the changed scenario is not valid">
          <ul className="error-list" aria-label="Problems in the changes">
            {errors.map((error, index) => (
              <li key={index}>
                {error.path ? <code>{error.path}</code> : null} {error.message}
              </li>
            ))}
          </ul>
        </Notice>
      ) : null}
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
