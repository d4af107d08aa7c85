// E-Divisive means (Matteson & James, "A nonparametric approach for multiple change point analysis of
// multivariate data", JASA 2014; the method MongoDB's and Apache Otava's performance CI use), for one
// series of numbers (α = 1): the split maximising the scaled energy distance between the values before
// and after it, kept when a seeded permutation test says it is significant, then the same within each
// part (bisection) until no split is significant. No well-kept JavaScript implementation exists, hence this one.
import { mulberry32, type Random } from "../random";

export interface ChangePoint {
  /** Index of the first value after the change. */
  index: number;
  /** The permutation test's p-value: (permutations at least as extreme + 1) / (permutations + 1). */
  pValue: number;
}

export interface EDivisiveOptions {
  /** Significance level of each split's test (0.05). */
  alpha?: number;
  /** Permutations per test (199: p-values in steps of 0.005). */
  permutations?: number;
  /** The fewest values on each side of a split (3: a single outlier can never be a segment of its own). */
  minSegment?: number;
  /** Seed of the permutations: the same series gives the same change points. */
  seed?: number;
}

export const CHANGE_POINT_SEED = 0x0c4a_7e05;

interface BestSplit {
  index: number;
  statistic: number;
}

/**
 * The split of values[start, end) with the largest Q(τ) = (m·k / n) · (2/(m·k) Σ|x−y| − Σ|x−x'|/C(m,2) −
 * Σ|y−y'|/C(k,2)), m values before τ and k after, each side at least minSegment long. O(n²).
 */
export function bestSplit(values: ArrayLike<number>, start: number, end: number, minSegment: number): BestSplit | null {
  const n = end - start;
  if (n < 2 * minSegment) return null;
  let within = 0;
  for (let i = start; i < end; i++) for (let j = i + 1; j < end; j++) within += Math.abs((values[i] as number) - (values[j] as number));
  let left = 0;
  let right = within;
  let between = 0;
  let best: BestSplit | null = null;
  for (let t = start; t < end - minSegment; t++) {
    // Value t moves from the right side to the left.
    const x = values[t] as number;
    let toLeft = 0;
    let toRight = 0;
    for (let i = start; i < t; i++) toLeft += Math.abs(x - (values[i] as number));
    for (let j = t + 1; j < end; j++) toRight += Math.abs(x - (values[j] as number));
    left += toLeft;
    right -= toRight;
    between += toRight - toLeft;
    const m = t - start + 1;
    const k = n - m;
    if (m < minSegment) continue;
    const energy = (2 * between) / (m * k) - left / ((m * (m - 1)) / 2) - right / ((k * (k - 1)) / 2);
    const statistic = ((m * k) / n) * energy;
    if (best === null || statistic > best.statistic) best = { index: t + 1, statistic };
  }
  return best;
}

function shuffleInPlace(values: number[], random: Random): void {
  for (let i = values.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [values[i], values[j]] = [values[j] as number, values[i] as number];
  }
}

/**
 * P of the best split of one segment: how often a shuffled segment's best split is at least as strong.
 * Stops as soon as more than `mostExtreme` shuffles were at least as strong: the split can no longer be
 * significant, and the p returned then (already above the level) is only a lower bound. A significant
 * split always gets all its shuffles, so the change points and their p-values are those of the full test.
 */
function permutationP(segment: number[], observed: number, minSegment: number, permutations: number, random: Random, mostExtreme: number): number {
  const shuffled = [...segment];
  let asExtreme = 0;
  for (let r = 0; r < permutations; r++) {
    shuffleInPlace(shuffled, random);
    const split = bestSplit(shuffled, 0, shuffled.length, minSegment);
    if (split !== null && split.statistic >= observed) asExtreme++;
    if (asExtreme > mostExtreme) break;
  }
  return (asExtreme + 1) / (permutations + 1);
}

/** The change points of a series, in index order. Non-finite values are the caller's to leave out. */
export function eDivisive(values: readonly number[], options: EDivisiveOptions = {}): ChangePoint[] {
  const alpha = options.alpha ?? 0.05;
  const permutations = options.permutations ?? 199;
  const minSegment = Math.max(2, options.minSegment ?? 3);
  const random = mulberry32(options.seed ?? CHANGE_POINT_SEED);
  // p = (as extreme + 1) / (permutations + 1) ≤ alpha needs at most this many shuffles as extreme. A test
  // that fails ends the search, so stopping it early changes no answer (and uses no later random number).
  // Counted with the very comparison the caller makes, so rounding cannot move the boundary.
  let mostExtreme = -1;
  while (mostExtreme < permutations && (mostExtreme + 2) / (permutations + 1) <= alpha) mostExtreme++;
  const found: ChangePoint[] = [];
  for (;;) {
    // The segments between the change points found so far; the strongest split among them is tested next.
    const bounds = [0, ...found.map((point) => point.index), values.length];
    let candidate: { start: number; end: number; split: BestSplit } | null = null;
    for (let s = 0; s + 1 < bounds.length; s++) {
      const start = bounds[s] as number;
      const end = bounds[s + 1] as number;
      const split = bestSplit(values, start, end, minSegment);
      if (split !== null && (candidate === null || split.statistic > candidate.split.statistic)) candidate = { start, end, split };
    }
    if (candidate === null) break;
    const pValue = permutationP(values.slice(candidate.start, candidate.end), candidate.split.statistic, minSegment, permutations, random, mostExtreme);
    if (pValue > alpha) break;
    found.push({ index: candidate.split.index, pValue });
    found.sort((a, b) => a.index - b.index);
  }
  return found;
}
