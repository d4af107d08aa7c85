import { useId, useMemo, useState } from "react";
import type { RequestRecord } from "../../../../core/record";
import { expandInputs } from "../../../../core/scenario/inputs";
import type { Scenario } from "../../../../core/scenario";
import { attemptsByInput, failedCheckCounts, failedItsChecks } from "./input-outputs";
import { inputViewOf } from "./input-view";
import type { TargetInfo } from "../target-info";
import { TargetOutputs } from "./target-outputs";
import "../compare.css";

const PROMPT_PREVIEW_CHARS = 60;

function promptPreview(prompt: string): string {
  const oneLine = prompt.replace(/\s+/g, " ").trim();
  return oneLine.length > PROMPT_PREVIEW_CHARS ? `${oneLine.slice(0, PROMPT_PREVIEW_CHARS)}…` : oneLine;
}

/** Every input index that the scenario defines or that has records (a replayed run may differ from today's scenario). */
function inputIndexes(scenarioIndexes: Iterable<number>, recordedIndexes: Iterable<number>): number[] {
  return [...new Set([...scenarioIndexes, ...recordedIndexes])].sort((a, b) => a - b);
}

/** Pick an input and read each target's answer to it side by side. */
export function OutputsByInput(props: { scenario: Scenario; records: RequestRecord[]; targets: TargetInfo[] }) {
  const { scenario, records, targets } = props;
  const selectId = useId();
  const byInput = useMemo(() => attemptsByInput(records), [records]);
  const promptsByIndex = useMemo(() => {
    const expanded = expandInputs(scenario);
    return new Map(expanded.ok ? expanded.inputs.map((input) => [input.index, input.prompt]) : []);
  }, [scenario]);
  const failedByInput = useMemo(() => failedCheckCounts(byInput), [byInput]);
  const hasChecks = useMemo(() => records.some((record) => record.checksPassed !== null && record.checksPassed !== undefined), [records]);
  const [failedOnly, setFailedOnly] = useState(false);
  const allIndexes = useMemo(() => inputIndexes(promptsByIndex.keys(), byInput.keys()), [promptsByIndex, byInput]);
  // With "failed checks only", the inputs offered are those with a failing output: the next click shows one.
  const indexes = failedOnly ? allIndexes.filter((index) => failedByInput.has(index)) : allIndexes;
  const [chosenIndex, setChosenIndex] = useState<number | null>(null);
  const [showAll, setShowAll] = useState(false);
  const failedOutputs = [...failedByInput.values()].reduce((sum, count) => sum + count, 0);

  const inputIndex = chosenIndex !== null && indexes.includes(chosenIndex) ? chosenIndex : indexes[0];
  if (inputIndex === undefined) return <p className="pb-empty">No inputs.</p>;
  const prompt = promptsByIndex.get(inputIndex);
  const attempts = byInput.get(inputIndex);
  const inputView = inputViewOf(Array.isArray(scenario.inputs) ? scenario.inputs[inputIndex] : prompt);

  return (
    <div className="pb-outputs" data-testid="outputs-by-input">
      <div className="pb-outputs-controls">
        <label htmlFor={selectId}>Input</label>
        <select id={selectId} value={inputIndex} onChange={(event) => setChosenIndex(Number(event.target.value))}>
          {indexes.map((index) => {
            const text = promptsByIndex.get(index);
            return (
              <option key={index} value={index}>
                #{index}
                {failedOnly ? ` (${failedByInput.get(index) ?? 0} failed)` : ""}
                {text !== undefined ? ` — ${promptPreview(text)}` : ""}
              </option>
            );
          })}
        </select>
        <label className="pb-checkbox">
          <input type="checkbox" checked={showAll} onChange={(event) => setShowAll(event.target.checked)} />
          All repetitions
        </label>
        {hasChecks && (
          <label className="pb-checkbox">
            <input type="checkbox" checked={failedOnly} disabled={failedOutputs === 0} onChange={(event) => setFailedOnly(event.target.checked)} />
            {failedOutputs === 0 ? "No output failed its checks" : `Failed checks only (${failedOutputs})`}
          </label>
        )}
      </div>
      {prompt !== undefined && <pre className="pb-prompt" data-testid="input-prompt">{prompt}</pre>}
      <div className="pb-outputs-grid">
        {targets.map((target) => (
          <TargetOutputs
            key={target.id}
            target={target}
            attempts={failedOnly ? (attempts?.get(target.id) ?? []).filter(failedItsChecks) : (attempts?.get(target.id) ?? [])}
            showAll={showAll || failedOnly}
            emptyText={failedOnly ? "No failing output for this input." : undefined}
            task={scenario.task}
            input={inputView}
          />
        ))}
      </div>
    </div>
  );
}
