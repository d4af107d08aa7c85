// When the requests of an open loop arrive: inter-arrival times of a constant, Poisson or gamma process at
// a target rate, drawn from the seeded generator, so the same seed always gives the same schedule.
import { gammaVariate, mulberry32, openUnit, type Random } from "../random";

export const ARRIVAL_PROCESSES = ["constant", "poisson", "gamma"] as const;
export type ArrivalProcess = (typeof ARRIVAL_PROCESSES)[number];

export interface ArrivalSpec {
  /** Mean arrivals per second. */
  rate: number;
  process: ArrivalProcess;
  /**
   * Gamma only: the shape k of the gaps (vLLM's "burstiness"). 1 is Poisson; below 1 the arrivals come in
   * bursts with long pauses between, above 1 they are more even. The mean rate is the same whatever k.
   */
  burstiness: number;
}

/** One gap in ms, mean 1000 / rate. */
export function interArrivalSampler(spec: ArrivalSpec, random: Random): () => number {
  if (!(spec.rate > 0 && Number.isFinite(spec.rate))) throw new RangeError(`arrival rate must be a positive number, got ${spec.rate}`);
  const meanGapMs = 1000 / spec.rate;
  const uniform = openUnit(random);
  switch (spec.process) {
    case "constant":
      return () => meanGapMs;
    case "poisson":
      return () => -Math.log(uniform()) * meanGapMs;
    case "gamma": {
      const shape = spec.burstiness;
      // Gamma(k, θ) has mean kθ: θ = mean gap / k keeps the rate whatever the burstiness.
      return () => gammaVariate(shape, uniform) * (meanGapMs / shape);
    }
  }
}

/**
 * Arrival offsets in ms from the start of the stage, the first at 0. Constant arrivals are n × (1000 /
 * rate) exactly, computed rather than summed, so they never drift by rounding; random ones are the
 * running sum of their gaps.
 */
export function* arrivalOffsets(spec: ArrivalSpec, seed: number): Generator<number> {
  if (spec.process === "constant") {
    const gapMs = 1000 / spec.rate;
    for (let index = 0; ; index++) yield index * gapMs;
  }
  const nextGap = interArrivalSampler(spec, mulberry32(seed));
  for (let offset = 0; ; offset += nextGap()) yield offset;
}
