// The providers' cost table's rows and columns: per target, the listed price the run was made with and its
// measured cost per 1,000 requests (the summary's), today's beside them once looked up, then the catalogue's
// TTFT, output tokens/s, pass rate and error rate. A target without a price shows "no price", never $0.
import { targetPriceWords, type TargetPriceRecord } from "../../../../core/catalog";
import type { RunPrice } from "../../../../core/io/bundle";
import { formatMetric, isMeasured, metricById, type MeasuredFigures, type Metric } from "../../../../core/metrics";
import type { Scenario, TargetPrice } from "../../../../core/scenario";
import type { SummaryRow } from "../../../../core/stats";
import type { TargetInfo } from "../target-info";

/** The figures beside the cost, by their catalogue ids: one definition of each, the summary table's. */
const FIGURE_IDS = ["ttftP50Ms", "outputTokensPerSecondP50", "checksPassRate", "errorRate"] as const;
const COST_ID = "costPer1000RequestsUsd";

export interface CostRow {
  target: TargetInfo;
  summary: SummaryRow;
  then: { price: TargetPrice | null; reason: string | null };
  now: { price: TargetPrice | null; reason: string | null; summary: SummaryRow | null } | null;
}

export interface CostColumn {
  id: string;
  header: string;
  description: string;
  better: "lower" | "higher" | null;
  value(row: CostRow): number | null;
  text(row: CostRow): string;
  title?(row: CostRow): string | undefined;
}

function costText(metric: Metric, price: TargetPrice | null, summary: SummaryRow | null): string {
  return price === null || summary === null ? "no price" : formatMetric(metric, summary);
}

function costColumns(withNow: boolean): CostColumn[] {
  const cost = metricById(COST_ID);
  const then: CostColumn[] = [
    { id: "listedThen", header: "Listed $/1M tokens (run)", description: "the price the run was made with, per million tokens", better: null, value: (row) => row.then.price?.outputPerMillionTokens ?? null, text: (row) => targetPriceWords(row.then.price), title: (row) => row.then.reason ?? undefined },
    { id: "costThen", header: "Cost /1k req (run's prices)", description: cost.definition, better: "lower", value: (row) => (row.then.price === null ? null : cost.value(row.summary)), text: (row) => costText(cost, row.then.price, row.summary), title: (row) => row.then.reason ?? undefined },
  ];
  if (!withNow) return then;
  return [
    ...then,
    { id: "listedNow", header: "Listed $/1M tokens (today)", description: "the price listed today, per million tokens", better: null, value: (row) => row.now?.price?.outputPerMillionTokens ?? null, text: (row) => targetPriceWords(row.now?.price ?? null), title: (row) => row.now?.reason ?? undefined },
    { id: "costNow", header: "Cost /1k req (today's prices)", description: `${cost.definition}, at today's listed prices`, better: "lower", value: (row) => ((row.now?.price ?? null) === null || (row.now?.summary ?? null) === null ? null : cost.value(row.now!.summary!)), text: (row) => costText(cost, row.now?.price ?? null, row.now?.summary ?? null), title: (row) => row.now?.reason ?? undefined },
  ];
}

/** The table's columns: the costs, then each figure the run measures. */
export function providersCostColumns(figures: MeasuredFigures, withNow: boolean): CostColumn[] {
  const measured = FIGURE_IDS.map((id) => metricById(id)).filter((metric) => isMeasured(metric, figures));
  return [
    ...costColumns(withNow),
    ...measured.map((metric): CostColumn => ({ id: metric.id, header: metric.header, description: metric.definition, better: metric.better, value: (row) => metric.value(row.summary), text: (row) => formatMetric(metric, row.summary) })),
  ];
}

/** One row per target of the summary, with the price it was run at and, once looked up, today's. */
export function providersCostRows(rows: readonly SummaryRow[], targets: readonly TargetInfo[], scenario: Pick<Scenario, "targets">, runPrices: readonly RunPrice[], now: { prices: readonly TargetPriceRecord[]; rows: readonly SummaryRow[] } | null): CostRow[] {
  return rows.flatMap((summary) => {
    const target = targets.find((candidate) => candidate.id === summary.targetId);
    if (target === undefined) return [];
    const stored = runPrices.find((entry) => entry.targetId === summary.targetId);
    const today = now?.prices.find((entry) => entry.targetId === summary.targetId);
    return [
      {
        target,
        summary,
        // The price the run was made with is its scenario's; the stored entry says where it came from, or why there is none.
        then: { price: scenario.targets.find((candidate) => candidate.id === summary.targetId)?.price ?? null, reason: stored?.reason ?? null },
        now: now === null ? null : { price: today?.price ?? null, reason: today?.reason ?? null, summary: now.rows.find((row) => row.targetId === summary.targetId) ?? null },
      },
    ];
  });
}
