// `run --summary`: the run's summary as JSON (each target's row, the run's in-flight level, the targets'
// agreement, with run.load its stages, and with --all-providers the prices used and their source).
import type { LoadReport } from "./load-report";
import type { ParameterSweepReport } from "./parameter-sweep-report";
import { agreementToJson } from "../core/agreement";
import { summaryFileRows, type SummaryFileContext } from "../core/metrics";
import type { RunPrice } from "../core/io/bundle";
import type { RunResult } from "../core/run";
import type { Scenario } from "../core/scenario";
import type { SummaryAccumulator, SummaryRow } from "../core/stats";
import type { Validity } from "../core/validity";
import { sessionsJson } from "./session-report";

export function summaryFileText(
  scenario: Scenario,
  result: RunResult,
  statistics: SummaryAccumulator,
  rows: readonly SummaryRow[],
  context: SummaryFileContext,
  loadReport: LoadReport | null,
  /** --all-providers: the prices used and their source, kept beside the figures computed from them. */
  prices?: readonly RunPrice[],
  /** Whether the client could have limited the figures (core/validity). */
  validity?: Validity,
  /** With run.parameterSweep, its levels' figures (parameter-sweep-report.ts). */
  parameterSweep?: ParameterSweepReport | null,
): string {
  const summary = {
    runId: context.runId,
    scenario: scenario.name,
    status: result.status,
    startedAt: result.startedAt,
    finishedAt: result.finishedAt,
    targets: summaryFileRows(rows, context),
    // Requests in flight over the whole run, every target together (each target's own is in its row).
    inFlight: overallInFlight(statistics),
    // Agreement across targets: each pair's figure per measure of the task (each target's own is in its row).
    agreement: agreementToJson(statistics.agreementResults(scenario.targets.map((target) => target.id))),
    ...(loadReport === null ? {} : { load: loadReport.json }),
    // A capacity search's answer per target (docs/capacity.md).
    ...(loadReport?.capacity === undefined ? {} : { capacity: loadReport.capacity.json }),
    ...(prices === undefined ? {} : { prices }),
    // Synthetic prompts: the tokenizer that counted them and the corpus they were cut from.
    ...(result.workload === undefined ? {} : { workload: result.workload }),
    ...(validity === undefined ? {} : { validity }),
    // Sessions: each target's figures by turn, session duration and unfinished sessions.
    ...sessionsField(rows),
    ...(parameterSweep === undefined || parameterSweep === null ? {} : { parameterSweep: parameterSweep.json }),
  };
  return `${JSON.stringify(summary, null, 2)}\n`;
}

/** The run's time-weighted in-flight level: its mean, spread and percentiles, to two decimals. */
function overallInFlight(statistics: SummaryAccumulator): Record<string, number | null> {
  const distribution = statistics.inFlightOverall();
  const round = (value: number | null): number | null => (value === null ? null : Math.round(value * 100) / 100);
  return { mean: round(distribution.mean), stdDev: round(distribution.stdDev), p50: round(distribution.p50), p90: round(distribution.p90), p99: round(distribution.p99), max: round(distribution.max) };
}

function sessionsField(rows: readonly SummaryRow[]): { sessions?: Record<string, unknown> } {
  const sessions = sessionsJson(rows);
  return sessions === null ? {} : { sessions };
}
