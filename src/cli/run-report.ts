// `run`'s end: the summary table (and with run.load the load report) on stdout, the --summary file, the
// status line, and the exit code: a write that failed, an interrupted run, or --baseline's verdict.
import type { RunCommand } from "./args";
import type { CommandLineIo } from "./command-io";
import { EXIT_COMPLETED, EXIT_INTERRUPTED, EXIT_WRITE_FAILED } from "./exit-codes";
import { formatLoadReport } from "./load-report";
import { formatParameterSweepReport } from "./parameter-sweep-report";
import type { PreparedRun } from "./run-preflight";
import type { RunOutputs } from "./run-outputs";
import { summaryFileText } from "./run-summary-file";
import type { RunTally } from "./run-tally";
import { serverMetricsLines } from "./server-metrics";
import { formatServerMetricsReport } from "./server-metrics-report";
import { formatSummaryTable } from "./summary-table";
import { terminalSafe } from "./terminal-safe";
import { measuredFigures } from "../core/metrics";
import type { RunResult } from "../core/run";
import { targetDisplayName } from "../core/scenario";
import type { ServerScrape } from "../core/server-metrics";
import type { SummaryRow } from "../core/stats";
import type { Validity } from "../core/validity";
import { formatValidity } from "./run-validity";
import { formatSessionReport } from "./session-report";

export async function reportRun(
  command: RunCommand,
  { scenario, outputBlobs, prices }: PreparedRun,
  run: { runId: string; result: RunResult; serverScrapes?: ServerScrape[] | null; rows: SummaryRow[]; validity: Validity },
  { statistics, loadRecords, stages }: RunTally,
  outputs: RunOutputs,
  io: CommandLineIo,
): Promise<void> {
  const { runId, result } = run;
  const { rows, validity } = run;
  const targetLabel = (targetId: string): string => targetDisplayName(scenario, targetId);
  io.stdout.write(`\n${terminalSafe(formatSummaryTable(rows, targetLabel, command.table, measuredFigures(scenario)))}\n`);
  io.stdout.write(`\n${terminalSafe(formatValidity(validity))}`);
  const skippedOutputs = outputBlobs?.counts().skipped ?? 0;
  if (skippedOutputs > 0) io.stderr.write(`note: ${skippedOutputs} binary outputs not written: --outputs-dir reached its 1 GiB bound\n`);
  const context = { runId, scenarioName: scenario.name, targetLabel };
  const loadReport = scenario.run.load === undefined ? null : formatLoadReport(scenario, stages, loadRecords, context);
  if (loadReport !== null) io.stdout.write(`\n${terminalSafe(loadReport.text)}\n`);
  const sessionReport = formatSessionReport(rows, targetLabel);
  if (sessionReport !== "") io.stdout.write(`\n${terminalSafe(sessionReport)}\n`);
  const sweepReport = formatParameterSweepReport(scenario, stages, loadRecords, context);
  if (sweepReport !== null) io.stdout.write(`\n${terminalSafe(sweepReport.text)}\n`);
  await reportServerMetrics(command, run.serverScrapes ?? null, { rows, targetLabel }, outputs, io);
  if (outputs.opened.summary) {
    await outputs.opened.summary.commit(summaryFileText(scenario, result, statistics, rows, context, loadReport, prices, validity, sweepReport)).catch((error: Error) => {
      outputs.writeFailure ??= { flag: "--summary", path: command.summaryPath ?? "", message: error.message };
      io.stderr.write(`error: ${terminalSafe(error.message)}\n`);
    });
  }
  const workload = result.workload;
  if (workload !== undefined) {
    const reused = workload.startRounds > 0 ? `; the corpus's word starts were used ${workload.startRounds + 1} times over, so some prompts open alike` : "";
    const source = workload.trace === undefined ? "synthetic" : describeTraceWorkload(workload.trace);
    io.stderr.write(`prompts: ${workload.prompts} ${source}, counted by ${workload.tokenizerId}, cut from corpus ${workload.corpusId}${reused}\n`);
  }
  const status = outputs.writeFailure === null ? result.status : "stopped by a write error";
  io.stderr.write(`${status}: ${result.progress.attempts} attempts recorded in ${((result.finishedAt - result.startedAt) / 1000).toFixed(1)} s\n`);
}

/** The server's side beside the client's (server-metrics-report.ts), and the --server-metrics file. */
async function reportServerMetrics(
  command: RunCommand,
  scrapes: ServerScrape[] | null,
  { rows, targetLabel }: { rows: SummaryRow[]; targetLabel: (targetId: string) => string },
  outputs: RunOutputs,
  io: CommandLineIo,
): Promise<void> {
  if (scrapes === null) return;
  const report = formatServerMetricsReport(scrapes, rows, targetLabel);
  if (report !== "") io.stdout.write(`\n${terminalSafe(report)}`);
  await outputs.opened.serverMetrics?.commit(serverMetricsLines(scrapes)).catch((error: Error) => {
    outputs.writeFailure ??= { flag: "--server-metrics", path: command.serverMetricsPath ?? "", message: error.message };
    io.stderr.write(`error: ${terminalSafe(error.message)}\n`);
  });
}

export async function runExitCode(command: RunCommand, { gate }: PreparedRun, result: RunResult, outputs: RunOutputs, io: CommandLineIo): Promise<number> {
  if (outputs.writeFailure !== null) return EXIT_WRITE_FAILED;
  if (result.status === "aborted") return EXIT_INTERRUPTED;
  if (gate === null) return EXIT_COMPLETED;
  // The gate reads the run back from the file it wrote, as `analyze --baseline` would (one gate path).
  const verdict = await gate.judge((command.bundlePath ?? command.jsonlPath) as string);
  io.stdout.write(`\n${terminalSafe(verdict.output)}`);
  return verdict.exitCode;
}

type TraceWorkload = NonNullable<NonNullable<RunResult["workload"]>["trace"]>;

/** `from trace assets/t.jsonl (mooncake, 60 s to 180 s of it at 10×: 12.0 s; 3 set aside: 0 output tokens …)`. */
function describeTraceWorkload(trace: TraceWorkload): string {
  const window = `${trace.fromSeconds} s to ${trace.toSeconds === null ? "the end" : `${trace.toSeconds} s`}`;
  const aside = trace.setAside.map((entry) => `${entry.count} set aside: ${entry.reason}`);
  const sorted = trace.outOfOrder > 0 ? [`${trace.outOfOrder} out of time order, sorted`] : [];
  const notes = [...aside, ...sorted].map((note) => `; ${note}`).join("");
  return `from trace ${terminalSafe(trace.file)} (${trace.format}, ${window} of it at ${trace.speedup}×: sent over ${(trace.lastAtMs / 1000).toFixed(1)} s${notes})`;
}
