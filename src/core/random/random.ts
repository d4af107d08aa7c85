// Seeded randomness shared by the sandbox, the bootstrap and the fuzz tests: one seed, one sequence.

/** A source of uniform numbers in [0, 1). */
export type Random = () => number;

/** mulberry32: tiny, fast and well mixed; reproducible everywhere, and not for anything secret. */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** Strictly inside (0, 1), so a logarithm never sees 0: for the variates below. */
export function openUnit(random: Random): Random {
  return () => (random() * 4294967296 + 0.5) / 4294967296;
}

/** A standard normal variate (Box–Muller); `uniform` must never return 0. */
export function standardNormal(uniform: Random): number {
  return Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

/**
 * Gamma(shape, 1) (Marsaglia & Tsang, 2000); `uniform` must never return 0. A shape below 1 draws
 * Gamma(shape + 1) and scales it by U^(1/shape), the usual boost, since the method needs shape ≥ 1.
 */
export function gammaVariate(shape: number, uniform: Random): number {
  if (!(shape > 0 && Number.isFinite(shape))) throw new RangeError(`gamma: shape must be a positive number, got ${shape}`);
  if (shape < 1) return gammaVariate(shape + 1, uniform) * uniform() ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = standardNormal(uniform);
    const v = (1 + c * x) ** 3;
    if (v <= 0) continue;
    const u = uniform();
    if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}
