// What a run with run.load printed and wrote: per stage and target the load figures (from the metric
// catalogue), where each target saturated, and whether it was throttled or slow.
import { formatMetricNumber, headerWithUnit, metricById, summaryFileRows, type SummaryFileContext } from "../core/metrics";
import { stageLabel, targetLoadPoints, clientLimits as clientLimitsOf, clientSlowdowns as clientSlowdownsOf, describeLoadJudgement, limitVerdict, saturationStage, type StageSummaries, offeredLoadOrder, type Stage } from "../core/load";
import type { Scenario } from "../core/scenario";
import { capacityResultsOf, capacityRounds, capacitySearchOf } from "../core/load";
import { formatCapacityReport, type CapacityReport } from "./capacity-report";

const STAGE_METRICS = [
  "requests",
  "requestsPerSecond",
  "latencyP50Ms",
  "effectiveLatencyP50Ms",
  "ttftP50Ms",
  "droppedRequests",
  "failedAttempts_rate_limited",
  "retryAfterAttempts",
].map(metricById);

export interface LoadReport {
  text: string;
  json: {
    stages: { stage: number; label: string; targets: Record<string, unknown>[] }[];
    saturation: Record<string, { stage: number; label: string } | null>;
    /** Per target, the stages whose load the client did not keep in flight (not judged). */
    clientLimits: Record<string, { stage: number; label: string; heldInFlight: number; offeredInFlight: number }[]>;
    /** Per target, the stages where the latency rose on the client's side only (not judged as saturation). */
    clientSlowdowns: Record<string, { stage: number; label: string }[]>;
    verdicts: Record<string, { verdict: string; sentence: string }>;
  };
  /** A capacity search's answer (capacity-report.ts); absent without run.load.findCapacity. */
  capacity?: CapacityReport;
}

export function formatLoadReport(scenario: Scenario, stagesGiven: readonly Stage[], summaries: StageSummaries, context: SummaryFileContext): LoadReport {
  // A capacity search's stages are replayed from its records: a run file keeps no list of them.
  const search = capacitySearchOf(scenario);
  const stages = search === null ? stagesGiven : capacityRounds(summaries, scenario);
  const targetOrder = scenario.targets.map((target) => target.id);
  const labelOf = (index: number): string => stages.find((stage) => stage.index === index)?.label ?? stageLabel(scenario, index);
  const ran = summaries.all(targetOrder);
  const rowsByStage = new Map(ran.map(({ stage, rows }) => [stage, rows.filter((row) => row.requests + row.droppedRequests > 0)]));

  const header = ["stage", "target", ...STAGE_METRICS.map(headerWithUnit)];
  const lines: string[][] = [];
  for (const { stage } of ran) {
    for (const row of rowsByStage.get(stage) ?? []) {
      lines.push([`${stage} ${labelOf(stage)}`, context.targetLabel(row.targetId), ...STAGE_METRICS.map((metric) => formatMetricNumber(metric, row))]);
    }
  }

  const order = offeredLoadOrder(scenario, Math.max(stages.length, ...ran.map(({ stage }) => stage + 1)));
  const saturation: LoadReport["json"]["saturation"] = {};
  const clientLimits: LoadReport["json"]["clientLimits"] = {};
  const clientSlowdowns: LoadReport["json"]["clientSlowdowns"] = {};
  const verdicts: LoadReport["json"]["verdicts"] = {};
  const statements: string[] = [];
  for (const targetId of targetOrder) {
    const points = targetLoadPoints(summaries, stages, order, targetId);
    const saturatedAt = saturationStage(points);
    saturation[targetId] = saturatedAt === null ? null : { stage: saturatedAt, label: labelOf(saturatedAt) };
    const heldBack = clientLimitsOf(points);
    clientLimits[targetId] = heldBack.map((limit) => ({ stage: limit.stage, label: labelOf(limit.stage), heldInFlight: limit.held, offeredInFlight: limit.offered }));
    clientSlowdowns[targetId] = clientSlowdownsOf(points).map((stage) => ({ stage, label: labelOf(stage) }));
    const verdict = limitVerdict(points);
    verdicts[targetId] = verdict;
    statements.push(`${context.targetLabel(targetId)}: ${verdict.verdict} — ${describeLoadJudgement(points, (stage) => `stage ${stage} (${labelOf(stage)})`)}`);
  }

  const capacity = search === null ? undefined : formatCapacityReport(capacityResultsOf(summaries, stages, scenario), search.objectives, context.targetLabel);
  return {
    ...(capacity === undefined ? {} : { capacity }),
    text: [alignTable(header, lines), "", "Saturation and rate limits (docs/metrics.md, Load):", ...statements.map((line) => `  ${line}`), ...(capacity === undefined ? [] : ["", capacity.text])].join("\n"),
    json: {
      stages: ran.map(({ stage, rows }) => ({ stage, label: labelOf(stage), targets: summaryFileRows(rows, context) })),
      saturation,
      clientLimits,
      clientSlowdowns,
      verdicts,
    },
  };
}

function alignTable(header: string[], lines: string[][]): string {
  const widths = header.map((title, index) => Math.max(title.length, ...lines.map((line) => line[index]!.length)));
  const pad = (text: string, index: number): string => (index < 2 ? text.padEnd(widths[index]!) : text.padStart(widths[index]!));
  return [header.map(pad).join("  "), widths.map((width) => "─".repeat(width)).join("  "), ...lines.map((line) => line.map(pad).join("  "))].join("\n");
}
