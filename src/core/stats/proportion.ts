// A share of requests (a pass rate, an SLO attainment) with its 95% confidence interval.

/** The normal quantile for a two-sided 95% interval. */
const Z_95 = 1.959963984540054;

/**
 * Wilson score interval (Wilson, 1927) for `successes` out of `trials`; null with no trials. Unlike the
 * textbook p ± z·√(p(1 − p)/n), it stays inside [0, 1] and does not collapse to a zero-width interval
 * when every request passed or every one failed, which a benchmark of 20 requests often sees.
 */
export function wilsonInterval95(successes: number, trials: number): [number, number] | null {
  if (!(trials > 0) || successes < 0 || successes > trials) return null;
  const share = successes / trials;
  const zSquared = Z_95 * Z_95;
  const denominator = 1 + zSquared / trials;
  const centre = (share + zSquared / (2 * trials)) / denominator;
  const halfWidth = (Z_95 * Math.sqrt((share * (1 - share)) / trials + zSquared / (4 * trials * trials))) / denominator;
  // Clamped: at 0 or n successes the formula's end is exactly 0 or 1 in exact arithmetic, not always in floating point.
  return [Math.max(0, centre - halfWidth), Math.min(1, centre + halfWidth)];
}
