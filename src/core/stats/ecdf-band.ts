// The empirical CDF with its simultaneous confidence band (Dvoretzky–Kiefer–Wolfowitz, with Massart's
// constant): with probability at least 1 − α the true CDF lies within ±ε of the empirical one at every
// x at once, where ε = √(ln(2/α) / (2n)). It needs no assumption about the distribution and costs
// nothing to compute, which suits a chart; it is wide for small samples, which is the point.
import { ecdf } from "./summary";

export interface EcdfBandPoint {
  x: number;
  /** Share of values ≤ x. */
  p: number;
  /** The band at x: max(0, p − ε) and min(1, p + ε). */
  low: number;
  high: number;
}

export interface EcdfWithBand {
  /** Values the ECDF is taken over (finite ones). */
  n: number;
  /** The band's half-width; null with no values. */
  epsilon: number | null;
  points: EcdfBandPoint[];
}

/** ε of the DKW band at confidence 1 − alpha for n values. */
export function dkwEpsilon(n: number, confidence = 0.95): number {
  if (!(Number.isInteger(n) && n >= 1)) throw new RangeError(`dkwEpsilon: n must be a whole number ≥ 1, got ${n}`);
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`dkwEpsilon: confidence must be in (0, 1), got ${confidence}`);
  return Math.sqrt(Math.log(2 / (1 - confidence)) / (2 * n));
}

/**
 * The ECDF with its 95% DKW band at each point, at most maxPoints points: a first point at the smallest
 * value with p = 0, so the first step is drawn (even when every value is the same), then stats.ecdf's.
 */
export function ecdfWithBand(values: ArrayLike<number>, maxPoints = 2000): EcdfWithBand {
  let n = 0;
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i])) n++;
  if (n === 0) return { n, epsilon: null, points: [] };
  const epsilon = dkwEpsilon(n);
  const steps = ecdf(values, maxPoints - 1);
  const points = [{ x: steps[0]!.x, p: 0 }, ...steps].map((point) => ({
    ...point,
    low: Math.max(0, point.p - epsilon),
    high: Math.min(1, point.p + epsilon),
  }));
  return { n, epsilon, points };
}
