// Ranking quality (ranking-quality-summary.ts, docs/metrics.md "Ranking quality"): its entry of the
// catalogue (catalogue.ts). Shown by default only in text-ranking runs whose inputs carry relevance labels
// (measured-figures.ts).
import { NDCG_DEPTH } from "../agreement";
import { noInterval } from "../stats";
import type { Metric } from "./metric";

const NO_LABELS = "no interval: no answer to an input with relevance labels";

export function rankingQualityMetrics(): Metric[] {
  return [
    {
      id: "relevanceNdcgMean",
      label: `Ranking quality (NDCG@${NDCG_DEPTH} against the labels)`,
      header: `NDCG@${NDCG_DEPTH} labels`,
      unit: "fraction",
      better: "higher",
      value: (row) => row.relevanceNdcg?.mean ?? null,
      ci95: (row) => row.relevanceNdcg?.ci95.mean ?? noInterval(NO_LABELS),
      intervalMethod: "Student's t",
      definition: `Mean, over the successful answers to inputs with relevance labels, of NDCG@${NDCG_DEPTH} of the answer's ranking against the labels: linear gain (the label), discount 1/log2(position + 1), over the ideal order's; 1 when the top ${NDCG_DEPTH} are in the labels' order. Inputs whose labels are all 0 count in no mean. Its 95% interval is Student's t.`,
      views: ["table", "live", "diff", "cli"],
      needs: "rankingQuality",
      group: "ranking",
      advanced: false,
    },
    {
      id: "relevanceNdcgAnswers",
      label: "Answers scored against labels",
      header: "Labelled",
      unit: "count",
      better: null,
      value: (row) => row.relevanceNdcg?.count ?? null,
      definition: `The successful answers to inputs with relevance labels (not all 0) whose ranking was scored: the NDCG@${NDCG_DEPTH} mean's count.`,
      views: [],
      needs: "rankingQuality",
      group: "ranking",
      advanced: true,
    },
  ];
}
