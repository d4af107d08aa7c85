// Ranking quality per target (docs/metrics.md, "Ranking quality"): for a text-ranking run whose inputs carry
// relevance labels, the mean of the answers' NDCG@10 against the labels (each record's relevanceNdcg,
// agreement/ranking-ndcg.ts), with the mean's Student's t interval (intervals.ts, through distribution.ts).
// Fed one record at a time by the accumulator (summary.ts); the figures only.
import type { RequestRecord } from "../record";
import { describeSorted, type Distribution } from "./distribution";
import { sortFloat64 } from "./sort-float64";

export interface RankingQualityTotals {
  ndcg: number[];
}

export function emptyRankingQualityTotals(): RankingQualityTotals {
  return { ndcg: [] };
}

/** One measured record: its NDCG@10 when it is a successful answer to a labelled input (null: all labels 0, or no ranking). */
export function addRankingQualityRecord(totals: RankingQualityTotals, record: RequestRecord): void {
  const ndcg = record.relevanceNdcg;
  if (record.status === "ok" && typeof ndcg === "number" && Number.isFinite(ndcg)) totals.ndcg.push(ndcg);
}

/** The answers' NDCG@10 against the labels, or undefined when no answer had one (rows of other runs keep their shape). */
export function summarizeRankingQuality(totals: RankingQualityTotals): Distribution | undefined {
  return totals.ndcg.length === 0 ? undefined : describeSorted(sortFloat64(Float64Array.from(totals.ndcg)));
}
