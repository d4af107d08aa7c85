// Ranking agreement for rerankers (text-ranking): NDCG@k of one target's ranking, the other's taken as the
// truth. The reference's order gives graded relevance (its first document the most relevant, its k-th the
// least, the rest none); the judged ranking earns each document's gain discounted by its position, over what
// the reference's own order earns. 1 when the top k agree in order; lower as the top documents move or leave.
import { readSimilarities } from "../outputs";

export const NDCG_DEPTH = 10;

/** Document indexes, best first (ties: the earlier document first, so a ranking is one order). */
function order(scores: readonly number[]): number[] {
  return scores.map((_, index) => index).sort((a, b) => scores[b]! - scores[a]! || a - b);
}

/** NDCG@k of `other`'s ranking with `reference`'s as graded relevance; null when the two do not rank the same documents. */
export function rankingNdcg(reference: unknown, other: unknown, depth = NDCG_DEPTH): number | null {
  const truth = readSimilarities(reference);
  const judged = readSimilarities(other);
  if (truth === null || judged === null || truth.length === 0 || truth.length !== judged.length) return null;
  const k = Math.min(depth, truth.length);
  const gain = new Array<number>(truth.length).fill(0);
  order(truth)
    .slice(0, k)
    .forEach((document, rank) => (gain[document] = k - rank));
  const discounted = (ranking: number[]) => ranking.slice(0, k).reduce((sum, document, position) => sum + gain[document]! / Math.log2(position + 2), 0);
  return discounted(order(judged)) / discounted(order(truth));
}
