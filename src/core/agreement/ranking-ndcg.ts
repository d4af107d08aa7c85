// NDCG@k for rerankers (text-ranking), the one definition: a ranking earns each document's gain discounted
// by its position (gain / log2(position + 1), positions from 1), over what the ideal order earns. Two uses:
// - agreement (rankingNdcg): one target's ranking against another's, the reference's order giving graded
//   relevance (its first document k, its k-th 1, the rest 0). 1 when the top k agree in order.
// - relevance labels (relevanceNdcg): a ranking against the input's own labels, linear gain (the label
//   itself), as trec_eval's ndcg_cut and so BEIR and MTEB (pytrec_eval) compute it (docs/metrics.md).
import { readSimilarities } from "../outputs";

export const NDCG_DEPTH = 10;

/** Document indexes, best first (ties: the earlier document first, so a ranking is one order). */
function order(scores: readonly number[]): number[] {
  return scores.map((_, index) => index).sort((a, b) => scores[b]! - scores[a]! || a - b);
}

/** DCG@k of the documents in `ranking` (indexes, best first), each earning its gain. */
function discountedGain(gains: readonly number[], ranking: readonly number[], k: number): number {
  return ranking.slice(0, k).reduce((sum, document, position) => sum + gains[document]! / Math.log2(position + 2), 0);
}

/** NDCG@k of the ranking `scores` make, each document earning `gains[i]`; null when no document earns any gain. */
function ndcgOfScores(gains: readonly number[], scores: readonly number[], depth: number): number | null {
  const k = Math.min(depth, gains.length);
  const ideal = discountedGain(gains, order(gains), k);
  return ideal > 0 ? discountedGain(gains, order(scores), k) / ideal : null;
}

/** NDCG@k of `other`'s ranking with `reference`'s as graded relevance; null when the two do not rank the same documents. */
export function rankingNdcg(reference: unknown, other: unknown, depth = NDCG_DEPTH): number | null {
  const truth = readSimilarities(reference);
  const judged = readSimilarities(other);
  if (truth === null || judged === null || truth.length === 0 || truth.length !== judged.length) return null;
  const k = Math.min(depth, truth.length);
  const gains = new Array<number>(truth.length).fill(0);
  order(truth)
    .slice(0, k)
    .forEach((document, rank) => (gains[document] = k - rank));
  return ndcgOfScores(gains, judged, depth);
}

/**
 * NDCG@k of a ranking (`scores`, one per document in the input's order, as the record keeps them) against
 * the input's graded relevance labels, gain = the label. null when the answer is no ranking of those
 * documents (a score missing, another count), or when every label is 0: no order is better than another.
 */
export function relevanceNdcg(relevance: readonly number[], scores: unknown, depth = NDCG_DEPTH): number | null {
  const judged = readSimilarities(scores);
  if (judged === null || judged.length === 0 || judged.length !== relevance.length) return null;
  return ndcgOfScores(relevance, judged, depth);
}
