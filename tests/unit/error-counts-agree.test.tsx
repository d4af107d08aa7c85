// @vitest-environment happy-dom
// One run with a request recovered by a retry, one failing after every retry, one whose retry was cut short
// by the abort (it failed: the abort does not undo that) and one aborted before it was measured: the Run
// page's counters, the CLI progress line, the summary row, the compare table, the CLI table and the
// summary CSV must all give the same failed, retried and aborted counts.
import { cleanup, render, screen } from "@testing-library/react";
import Papa from "papaparse";
import { afterEach, describe, expect, it } from "vitest";
import { formatProgress } from "../../src/cli/progress-line";
import { formatSummaryTable } from "../../src/cli/summary-table";
import { summaryToCsv } from "../../src/core/io/csv";
import type { RequestRecord } from "../../src/core/record";
import { runScenario, type RunResult } from "../../src/core/run";
import { type Scenario } from "../../src/core/scenario";
import { validateScenario } from "../../src/core/scenario/scenario-file";
import { summarize } from "../../src/core/stats";
import { targetDisplayName } from "../../src/core/scenario/target-names";
import type { TargetCall } from "../../src/core/run/targets";
import { SummaryTable } from "../../src/ui/features/compare/summary-table/summary-table";
import { describeTargets } from "../../src/ui/features/compare/target-info";
import { RunProgress } from "../../src/ui/features/run/run-progress";

afterEach(cleanup);

function scenario(): Scenario {
  const result = validateScenario({
    version: 1,
    name: "Retries and an abort",
    task: "chat-completion",
    targets: [{ id: "a", label: "Model A", endpointUrl: "http://127.0.0.1:9/v1", model: "m" }],
    inputs: ["recovered", "failed", "fine", "retry cut", "aborted"],
    // Every request in flight at once, so the two that hang never hold a slot another request waits for.
    run: { repetitions: 1, warmup: 0, concurrency: 5, retry: { maxAttempts: 3, baseDelayMs: 0, maxDelayMs: 0, retryOn: ["network"] } },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

const OK = { output: "fine", outputKind: "text" as const, usage: null, chunkCount: 0, contentChunkCount: 0 };

/** Each input's attempts in order; a "hang" lasts until the run is aborted. */
const SCRIPT: Record<string, ("ok" | "fail" | "hang")[]> = {
  recovered: ["fail", "ok"],
  failed: ["fail", "fail", "fail"],
  fine: ["ok"],
  "retry cut": ["fail", "hang"],
  aborted: ["hang"],
};
const HANGING = ["retry cut", "aborted"];

/**
 * Runs the script; the user's abort comes once every other request has its last record and both hanging
 * attempts are in flight, so what is aborted does not depend on scheduling.
 */
async function runWithRetriesAndAnAbort(): Promise<{ result: RunResult; records: RequestRecord[] }> {
  const controller = new AbortController();
  const callsByInput = new Map<string, number>();
  const records: RequestRecord[] = [];
  let hanging = 0;
  const abortWhenOnlyTheHangIsLeft = (): void => {
    const othersDone = ["recovered", "failed", "fine"].every(
      (prompt) => records.filter((record) => SCRIPT_PROMPTS[record.inputIndex] === prompt).length === SCRIPT[prompt]!.length,
    );
    if (hanging === HANGING.length && othersDone) controller.abort();
  };
  const call: TargetCall = (input, hooks) => {
    const attempt = callsByInput.get(input.prompt) ?? 0;
    callsByInput.set(input.prompt, attempt + 1);
    const step = SCRIPT[input.prompt]![attempt];
    if (step === "ok") return Promise.resolve(OK);
    if (step === "fail") return Promise.reject(new TypeError("fetch failed"));
    return new Promise((_resolve, reject) => {
      hooks.signal.addEventListener("abort", () => reject(hooks.signal.reason as Error), { once: true });
      hanging++;
      abortWhenOnlyTheHangIsLeft();
    });
  };
  const result = await runScenario({
    runId: "run-errors",
    scenario: scenario(),
    signal: controller.signal,
    onRecord: (record) => {
      records.push(record);
      abortWhenOnlyTheHangIsLeft();
    },
    createCall: () => call,
    sleep: () => Promise.resolve(),
  });
  return { result, records };
}

const SCRIPT_PROMPTS = ["recovered", "failed", "fine", "retry cut", "aborted"];

function csvColumn(csv: string, column: string): string {
  const [header, ...lines] = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
  return lines[0]![header!.indexOf(column)]!;
}

function cliColumn(table: string, header: string): string {
  const [headerLine, , firstRow] = table.split("\n");
  const headers = headerLine!.trim().split(/\s{2,}/);
  return firstRow!.trim().split(/\s{2,}/)[headers.indexOf(header)]!;
}

describe("failed requests, retries and aborts mean one thing everywhere", () => {
  it("gives the same counts on the Run page, the progress line, the summary, the compare table, the CLI table and the CSV", async () => {
    const { result, records } = await runWithRetriesAndAnAbort();
    expect(result.status).toBe("aborted");
    expect(records).toHaveLength(9);

    // The definitions, worked out by hand from the script above: "retry cut" failed (its first attempt),
    // "aborted" has no measured attempt.
    const expected = { okRequests: 2, failedRequests: 2, failedAttempts: 5, retries: 4, recoveredRequests: 1, abortedRequests: 1, droppedRequests: 0 };
    expect(result.progress.outcomes).toEqual(expected);

    const [row] = summarize(records, ["a"]);
    expect(row).toMatchObject({ ...expected, requests: 4 });
    expect(row!.failureRate).toBeCloseTo(2 / 4, 12);
    // 5 failed attempts of 7 (2 successful, 5 failed; the aborted ones count in neither).
    expect(row!.errorRate).toBeCloseTo(5 / 7, 12);

    render(<RunProgress progress={result.progress} elapsedMs={1000} active={false} />);
    const runPage = (key: string) => screen.getByTestId("progress").querySelector(`[data-outcome="${key}"]`)?.textContent;
    expect([runPage("failedRequests"), runPage("retries"), runPage("recoveredRequests"), runPage("abortedRequests")]).toEqual(["2", "4", "1", "1"]);

    expect(formatProgress(result.progress)).toContain("2 failed");
    expect(formatProgress(result.progress)).toContain("4 retries (1 recovered)");
    expect(formatProgress(result.progress)).toContain("1 aborted");

    cleanup();
    const runScenarioSpec = scenario();
    render(<SummaryTable rows={[row!]} targets={describeTargets(["a"], runScenarioSpec)} />);
    const compareCell = (column: string) => screen.getByTestId("summary-row").querySelector(`[data-column="${column}"]`)?.textContent;
    expect([compareCell("failedRequests"), compareCell("retries"), compareCell("failureRate"), compareCell("errorRate")]).toEqual(["2", "4", "50.0%", "71.4%"]);

    const label = (targetId: string) => targetDisplayName(runScenarioSpec, targetId);
    const cliTable = formatSummaryTable([row!], label);
    expect(cliColumn(cliTable, "target")).toBe("Model A");
    expect([cliColumn(cliTable, "Failed"), cliColumn(cliTable, "Retries"), cliColumn(cliTable, "Failure rate %"), cliColumn(cliTable, "Error rate %")]).toEqual(["2", "4", "50.0", "71.4"]);

    const csv = summaryToCsv([row!], { runId: "run-errors", scenarioName: runScenarioSpec.name, targetLabel: label });
    expect([csvColumn(csv, "failedRequests"), csvColumn(csv, "retries"), csvColumn(csv, "abortedRequests"), csvColumn(csv, "failureRate"), csvColumn(csv, "errorRate")]).toEqual([
      "2",
      "4",
      "1",
      "0.5",
      "0.7143",
    ]);
    expect(csvColumn(csv, "targetLabel")).toBe("Model A");
  });
});
