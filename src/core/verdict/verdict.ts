// Comparisons in plain words, and a ranking that claims only what the tests support: a target is ahead
// of another only when the Holm-corrected test says so; otherwise they are tied.
import { formatNumberIn, formatValueIn } from "../text";
import { pairedMetricById, type Comparison, type PairedMetricId, type SummaryRow } from "../stats";

/** What the winner does better, per metric: "fast is faster than steady by …". */
const BETTER_PHRASES: Record<PairedMetricId, string> = {
  latencyMs: "is faster than",
  ttftMs: "reaches the first token sooner than",
  outputTokensPerSecond: "generates more output tokens/s than",
};

/** "p < 0.001", "p = 0.012", "p = 1": Holm-corrected p-values as a sentence shows them. */
export function formatPValue(pValue: number): string {
  if (pValue < 0.001) return "p < 0.001";
  if (pValue >= 1) return "p = 1";
  return `p = ${pValue.toFixed(3)}`;
}

/** Which side a significant comparison favours: "a", "b", or null when it is not significant (or untested). */
export function favouredSide(comparison: Comparison): "a" | "b" | null {
  if (!comparison.significant || comparison.medianDifference === null || comparison.medianDifference === 0) return null;
  const aIsLower = comparison.medianDifference < 0;
  return pairedMetricById(comparison.metric).better === "lower" ? (aIsLower ? "a" : "b") : aIsLower ? "b" : "a";
}

/**
 * The verdict in words, with the names the reader knows the two sides by (target labels, or "this run"
 * and "the baseline"): "fast is faster than steady by 180 ms [120, 240], p < 0.001";
 * "no detectable difference in latency between a and b (n = 200)".
 */
export function describeComparison(comparison: Comparison, nameA: string, nameB: string): string {
  const metric = pairedMetricById(comparison.metric);
  const unpaired = comparison.paired ? "" : ", unpaired";
  if (comparison.test === null || comparison.medianDifference === null || comparison.pValue === null) {
    return `too few ${comparison.paired ? "pairs" : "successful requests"} to compare ${metric.label} of ${nameA} and ${nameB} (n = ${comparison.n}${unpaired})`;
  }
  const side = favouredSide(comparison);
  if (side === null) return `no detectable difference in ${metric.label} between ${nameA} and ${nameB} (n = ${comparison.n}${unpaired})`;
  // Told from the winner's side, so the amount and its interval are positive improvements.
  const towardsA = metric.better === "lower" ? -1 : 1;
  const sign = side === "a" ? towardsA : -towardsA;
  const ends = [sign * (comparison.ciLow as number), sign * (comparison.ciHigh as number)].sort((left, right) => left - right);
  const [winner, loser] = side === "a" ? [nameA, nameB] : [nameB, nameA];
  const amount = formatValueIn(metric.unit, Math.abs(comparison.medianDifference));
  const interval = `[${formatNumberIn(metric.unit, ends[0])}, ${formatNumberIn(metric.unit, ends[1])}]`;
  return `${winner} ${BETTER_PHRASES[metric.id]} ${loser} by ${amount} ${interval}, ${formatPValue(comparison.pValue)}${unpaired}`;
}

export interface RankedTarget {
  targetId: string;
  /** 1 + the number of targets significantly better than this one; targets of one rank are tied. */
  rank: number;
  /** The other targets of the same rank. */
  tiedWith: string[];
}

/**
 * Targets ranked on one metric by what the tests support: a target's rank is 1 + the number of targets
 * that are significantly better than it, so rank 1 holds every target nobody beats (the winners, or the
 * tied group). Within a rank, ordered by `typicalValue` (e.g. the median), best first; targets without
 * a value are left out.
 */
export function rankTargets(
  metricId: PairedMetricId,
  targetIds: readonly string[],
  comparisons: readonly Comparison[],
  typicalValue: (targetId: string) => number | null,
): RankedTarget[] {
  const metric = pairedMetricById(metricId);
  const valued = targetIds.filter((targetId) => {
    const value = typicalValue(targetId);
    return value !== null && Number.isFinite(value);
  });
  const beatenBy = new Map(valued.map((targetId) => [targetId, 0]));
  for (const comparison of comparisons) {
    if (comparison.metric !== metricId || comparison.a === comparison.b) continue;
    if (!beatenBy.has(comparison.a) || !beatenBy.has(comparison.b)) continue;
    const side = favouredSide(comparison);
    if (side === null) continue;
    const loser = side === "a" ? comparison.b : comparison.a;
    beatenBy.set(loser, (beatenBy.get(loser) as number) + 1);
  }
  const direction = metric.better === "lower" ? 1 : -1;
  const ranked = valued
    .map((targetId) => ({ targetId, rank: 1 + (beatenBy.get(targetId) as number) }))
    .sort((left, right) => left.rank - right.rank || direction * ((typicalValue(left.targetId) as number) - (typicalValue(right.targetId) as number)));
  return ranked.map((entry) => ({
    ...entry,
    tiedWith: ranked.filter((other) => other.rank === entry.rank && other.targetId !== entry.targetId).map((other) => other.targetId),
  }));
}

/** The summary's median of a paired metric: what rankTargets orders a rank by. */
export function summaryMedian(row: SummaryRow, metricId: PairedMetricId): number | null {
  return row[metricId].p50;
}

/** "fast; then steady and flaky (tied); then slow": a ranking as one line. */
export function describeRanking(ranking: readonly RankedTarget[], nameOf: (targetId: string) => string): string {
  const groups: string[][] = [];
  let previousRank: number | null = null;
  for (const entry of ranking) {
    if (entry.rank !== previousRank) groups.push([]);
    groups[groups.length - 1]!.push(nameOf(entry.targetId));
    previousRank = entry.rank;
  }
  const phrase = (names: string[]): string => (names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]!} (tied)`);
  return groups.map((names, index) => (index === 0 ? phrase(names) : `then ${phrase(names)}`)).join("; ");
}
