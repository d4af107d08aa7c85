// The regression gate for a CI job, one path for both commands: `analyze <new> --baseline <old> …` reads the
// new run from its file; `run … --baseline <old> …` reads the run it has just written (its --bundle or
// --jsonl). Both then judge (core/gate/judge.ts), print the table and write --markdown and --junit.
import { constants } from "node:fs";
import { access, stat, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { gateFailed, judgeGate, type GateRun, GATE_COLUMNS, gateJunit, gateMarkdown, gateRows } from "../core/gate";
import type { Scenario } from "../core/scenario";
import { loadRecords, namingOf, RecordsFileProblem, scenarioFrom, type LoadedRun } from "./analyze/load-run";
import type { AnalyzeCommand, GateOptions } from "./args";
import { EXIT_COMPLETED, EXIT_REGRESSION } from "./exit-codes";
import { formatTextTable } from "./text-table";

/** A --markdown or --junit file that could not be written after the gate was judged (exit code EXIT_WRITE_FAILED). */
export class GateReportProblem extends Error {}

export interface GateResult {
  output: string;
  exitCode: number;
}

function gateRunOf(run: LoadedRun): GateRun {
  return { samples: run.samples, outcomes: new Map(run.rows.map((row) => [row.targetId, { failed: row.failedRequests, requests: row.requests }])) };
}

async function writeReport(path: string, flag: string, text: string): Promise<void> {
  try {
    await writeFile(path, text, "utf8");
  } catch (error) {
    throw new GateReportProblem(`cannot write ${flag} ${path}: ${(error as Error).message}`);
  }
}

/**
 * --markdown and --junit judged before any work: not a folder, in a folder that exists and takes files.
 * A path that fails here is bad input (exit 2); one that fails when written is a write failure.
 */
export async function checkGateReports(gate: GateOptions): Promise<void> {
  for (const [flag, path] of [["--markdown", gate.markdownPath], ["--junit", gate.junitPath]] as const) {
    if (path === undefined) continue;
    if (path.trim() === "") throw new RecordsFileProblem(`${flag}: the file name is empty`);
    const stats = await stat(path).catch(() => undefined);
    if (stats?.isDirectory()) throw new RecordsFileProblem(`${flag} ${path} is a folder, not a file`);
    if (stats === undefined) {
      await access(dirname(resolve(path)), constants.W_OK).catch((error: unknown) => {
        throw new RecordsFileProblem(`${flag}: cannot write ${path}: ${(error as Error).message}`);
      });
    }
  }
}

/** The gate itself: the new run against the baseline, target by target; what to print and the exit code. */
export async function gateRuns(current: LoadedRun, baseline: LoadedRun, gate: GateOptions, options: { paired: boolean; scenario: Scenario | null }): Promise<GateResult> {
  for (const run of [current, baseline]) {
    if (run.summaryLevel === true) {
      throw new RecordsFileProblem(`${run.path} holds a summary, not requests (a --summary file or an Artillery report): the gate tests per-request values; give that run's records (--jsonl, --csv) or its bundle`);
    }
  }
  const naming = namingOf(options.scenario ?? current.scenario ?? baseline.scenario);
  const targetIds = current.targetIds.filter((targetId) => baseline.targetIds.includes(targetId));
  if (targetIds.length === 0) throw new RecordsFileProblem(`${current.path} and ${baseline.path} have no target in common: nothing to gate`);
  const lines = judgeGate(gateRunOf(current), gateRunOf(baseline), targetIds, gate.allowances, { paired: options.paired });
  if (gate.markdownPath !== undefined) await writeReport(gate.markdownPath, "--markdown", gateMarkdown(lines, naming.targetLabel));
  if (gate.junitPath !== undefined) await writeReport(gate.junitPath, "--junit", gateJunit(lines, naming.targetLabel));
  const failed = gateFailed(lines);
  const output = [
    `new: ${current.path} (run ${current.runId})`,
    `baseline: ${baseline.path} (run ${baseline.runId})`,
    "",
    formatTextTable([...GATE_COLUMNS], gateRows(lines, naming.targetLabel), [2, 3, 4, 5, 6]),
    "",
    failed
      ? `Regression gate FAILED: worse than the baseline by more than the allowance, significantly (one-sided p < 0.05, Holm) for ${lines.filter((line) => line.verdict === "regressed").length} check(s).`
      : "Regression gate passed: no target is significantly worse than the baseline by more than its allowance.",
    "",
  ].join("\n");
  return { output, exitCode: failed ? EXIT_REGRESSION : EXIT_COMPLETED };
}

/** `analyze <new> --baseline <old> --max-regression …`. */
export async function gateCommand(command: AnalyzeCommand & { gate: GateOptions }): Promise<GateResult> {
  await checkGateReports(command.gate);
  const scenario = await scenarioFrom(command.scenarioPath);
  const [current, baseline] = await Promise.all([loadRecords(command.files[0], scenario), loadRecords(command.gate.baselinePath, scenario)]);
  return gateRuns(current, baseline, command.gate, { paired: !command.unpaired, scenario });
}

/**
 * `run … --baseline <old> --max-regression …`: the baseline read before anything is sent (a bad one costs
 * no run), and after the run the file the run wrote, read back as analyze reads it.
 */
export async function prepareRunGate(gate: GateOptions, scenario: Scenario): Promise<{ judge: (writtenPath: string) => Promise<GateResult> }> {
  await checkGateReports(gate);
  const baseline = await loadRecords(gate.baselinePath, scenario);
  return {
    judge: async (writtenPath) => gateRuns(await loadRecords(writtenPath, scenario), baseline, gate, { paired: true, scenario }),
  };
}
