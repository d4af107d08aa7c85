// What a run with run.parameterSweep prints and writes: per level and target the figures its levels are
// compared by (core/metrics/parameter-sweep-metrics.ts), from the same per-stage summaries a load sweep
// reports (a level is a stage).
import { formatMetricNumber, headerWithUnit, parameterSweepMetrics, summaryFileRows, type SummaryFileContext } from "../core/metrics";
import type { Stage, StageSummaries } from "../core/load";
import type { Scenario } from "../core/scenario";
import { formatTextTable } from "./text-table";

export interface ParameterSweepReport {
  text: string;
  json: { parameter: string; levels: { stage: number; level: string; targets: Record<string, unknown>[] }[] };
}

export function formatParameterSweepReport(scenario: Scenario, stages: readonly Stage[], summaries: StageSummaries, context: SummaryFileContext): ParameterSweepReport | null {
  const sweep = scenario.run.parameterSweep;
  if (sweep === undefined) return null;
  const metrics = parameterSweepMetrics();
  const levelOf = (stage: number): string => stages.find((candidate) => candidate.index === stage)?.level ?? sweep.levels[stage] ?? `stage ${stage}`;
  const ran = summaries.all(scenario.targets.map((target) => target.id));
  const lines: string[][] = [];
  for (const { stage, rows } of ran) {
    for (const row of rows) lines.push([levelOf(stage), context.targetLabel(row.targetId), ...metrics.map((metric) => formatMetricNumber(metric, row))]);
  }
  const header = [sweep.parameter, "target", ...metrics.map(headerWithUnit)];
  return {
    text: `Per level of ${sweep.parameter} (docs/workloads.md, Reasoning effort):\n${formatTextTable(header, lines, metrics.map((_, index) => index + 2))}`,
    json: { parameter: sweep.parameter, levels: ran.map(({ stage, rows }) => ({ stage, level: levelOf(stage), targets: summaryFileRows(rows, context) })) },
  };
}
