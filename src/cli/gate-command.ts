// `analyze <new> --baseline <old> --max-regression …`: the regression gate for a CI job. Reads both runs as
// `analyze` does, judges them (core/gate/judge.ts), prints the table, writes --markdown and --junit.
import { writeFile } from "node:fs/promises";
import { gateFailed, judgeGate, type GateRun } from "../core/gate/judge";
import { GATE_COLUMNS, gateJunit, gateMarkdown, gateRows } from "../core/gate/report";
import { loadRecords, namingOf, RecordsFileProblem, scenarioFrom, type LoadedRun } from "./analyze";
import type { AnalyzeCommand, GateOptions } from "./args";
import { EXIT_COMPLETED, EXIT_REGRESSION } from "./exit-codes";
import { formatTextTable } from "./text-table";

function gateRunOf(run: LoadedRun): GateRun {
  return { samples: run.samples, outcomes: new Map(run.rows.map((row) => [row.targetId, { failed: row.failedRequests, requests: row.requests }])) };
}

async function writeReport(path: string, flag: string, text: string): Promise<void> {
  try {
    await writeFile(path, text, "utf8");
  } catch (error) {
    throw new RecordsFileProblem(`cannot write ${flag} ${path}: ${(error as Error).message}`);
  }
}

/** Runs the gate; returns what to print and the exit code (EXIT_REGRESSION when some target regressed). */
export async function gateCommand(command: AnalyzeCommand & { gate: GateOptions }): Promise<{ output: string; exitCode: number }> {
  const scenario = await scenarioFrom(command.scenarioPath);
  const [current, baseline] = await Promise.all([loadRecords(command.files[0], scenario), loadRecords(command.gate.baselinePath, scenario)]);
  const naming = namingOf(scenario ?? current.scenario ?? baseline.scenario);
  const targetIds = current.targetIds.filter((targetId) => baseline.targetIds.includes(targetId));
  if (targetIds.length === 0) throw new RecordsFileProblem(`${current.path} and ${baseline.path} have no target in common: nothing to gate`);
  const paired = !command.unpaired;
  const lines = judgeGate(gateRunOf(current), gateRunOf(baseline), targetIds, command.gate.allowances, { paired });
  if (command.gate.markdownPath !== undefined) await writeReport(command.gate.markdownPath, "--markdown", gateMarkdown(lines, naming.targetLabel));
  if (command.gate.junitPath !== undefined) await writeReport(command.gate.junitPath, "--junit", gateJunit(lines, naming.targetLabel));
  const failed = gateFailed(lines);
  const output = [
    `new: ${current.path} (run ${current.runId})`,
    `baseline: ${baseline.path} (run ${baseline.runId})`,
    "",
    formatTextTable([...GATE_COLUMNS], gateRows(lines, naming.targetLabel), [2, 3, 4, 5, 6]),
    "",
    failed
      ? `Regression gate FAILED: worse than the baseline beyond the allowance and significant (p < 0.05, Holm) for ${lines.filter((line) => line.verdict === "regressed").length} check(s).`
      : "Regression gate passed: no target is worse than the baseline beyond its allowance with a significant difference.",
    "",
  ].join("\n");
  return { output, exitCode: failed ? EXIT_REGRESSION : EXIT_COMPLETED };
}
