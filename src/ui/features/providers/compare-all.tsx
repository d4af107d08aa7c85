// "Compare all": one button that builds the scenario (one target per live provider, staging ones when
// asked, prices prefilled from the router's list), sends the preflight, says what it dropped and why,
// then runs the rest and opens the Compare page on the run.
import { useId, useState } from "react";
import { servesTask, type ProviderRow } from "../../../core/catalog";
import { findTaskDefinition, SUPPORTED_TASKS } from "../../../core/tasks";
import { Notice } from "../../components/ui/notice";
import { navigate, routes } from "../../lib/hash-route";
import { useRunController } from "../../lib/run-controller";
import { readHfToken } from "../../lib/settings-storage";
import { startCompareAll, type CompareAllResult } from "./start-compare-all";

const DEFAULT_PROMPTS = ["What is the capital of France? Answer in one word.", "Write one sentence about the sea.", "List three prime numbers."].join("\n");
const DEFAULT_REPETITIONS = 5;

/** The task to compare on: the one asked for, else the one the Hub maps the first provider to (chat first). */
export function compareTask(rows: readonly ProviderRow[], task: string): string | null {
  if (task !== "") return task;
  const first = rows[0];
  return first === undefined ? null : (SUPPORTED_TASKS.find((candidate) => servesTask(first, candidate)) ?? null);
}

function Outcome({ result }: { result: CompareAllResult }) {
  const left = [...result.excluded.map((entry) => ({ id: entry.provider, why: entry.reason })), ...result.dropped.map((entry) => ({ id: entry.targetId, why: `dropped by the preflight: ${entry.reason}` }))];
  return (
    <div data-testid="compare-all-outcome">
      {result.ok ? null : <Notice tone="error" title="Compare all did not run">{result.message}</Notice>}
      {left.length > 0 ? (
        <>
          <p>Left out:</p>
          <ul data-testid="compare-all-left-out">
            {left.map((entry) => (
              <li key={entry.id} data-provider={entry.id}>
                <strong>{entry.id}</strong>: {entry.why}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

export function CompareAll({ modelId, rows, task }: { modelId: string; rows: readonly ProviderRow[]; task: string }) {
  const controller = useRunController();
  const [prompts, setPrompts] = useState(DEFAULT_PROMPTS);
  const [repetitions, setRepetitions] = useState(DEFAULT_REPETITIONS);
  const [includeStaging, setIncludeStaging] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [result, setResult] = useState<CompareAllResult | null>(null);
  const promptsId = useId();
  const chosenTask = compareTask(rows, task);
  const textInputs = chosenTask !== null && findTaskDefinition(chosenTask)?.acceptsText === true;
  const staging = rows.filter((row) => row.status === "staging").length;

  const run = async (): Promise<void> => {
    if (chosenTask === null) return;
    setResult(null);
    setBusy("Building the scenario…");
    const outcome = await startCompareAll(
      { modelId, task: chosenTask, rows, prompts: prompts.split("\n").map((line) => line.trim()).filter((line) => line !== ""), repetitions, includeStaging },
      {
        controller,
        accessToken: readHfToken(),
        loadMachinery: () => import("../../../session/run-machinery"),
        onPreflight: (count) => setBusy(`Preflight: one request to each of ${count} providers…`),
      },
    ).catch((error: unknown) => ({ ok: false as const, message: error instanceof Error ? error.message : String(error), dropped: [], excluded: [] }));
    setBusy(null);
    setResult(outcome);
    if (outcome.ok) navigate(routes.compare(outcome.runId));
  };

  if (chosenTask === null) return null;
  if (!textInputs) {
    return <p className="empty">Compare all sends text prompts from here; {chosenTask} takes files: write a scenario in the editor, or use the command line&apos;s run --all-providers with a scenario file.</p>;
  }
  return (
    <div className="pb-compare-all" data-testid="compare-all">
      <label htmlFor={promptsId}>Prompts, one per line ({chosenTask})</label>
      <textarea id={promptsId} value={prompts} onChange={(event) => setPrompts(event.target.value)} />
      <div className="pb-compare-all-actions">
        <label>
          Repetitions{" "}
          <input type="number" min={1} max={100} value={repetitions} onChange={(event) => setRepetitions(Math.max(1, Math.min(100, Math.trunc(Number(event.target.value)) || 1)))} />
        </label>
        {staging > 0 ? (
          <label>
            <input type="checkbox" checked={includeStaging} onChange={(event) => setIncludeStaging(event.target.checked)} /> Include {staging} staging provider{staging === 1 ? "" : "s"}
          </label>
        ) : null}
        <button type="button" className="button-primary" disabled={busy !== null} onClick={() => void run()}>
          Compare all
        </button>
      </div>
      <p role="status" aria-live="polite">
        {busy}
      </p>
      {result !== null ? <Outcome result={result} /> : null}
    </div>
  );
}
