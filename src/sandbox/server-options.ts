// What a sandbox is started with, checked once: the address, the seed, and the timing knobs.
//
// timeScale multiplies every sampled delay (TTFT, token gaps, trickle's byte interval). Profiles with
// fixed timing (`exact`, and `instant`, which has none) ignore it, so `exact` keeps its 100/300 ms.
import type { Drift } from "./drift";

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Seeds every profile's generator; default 42. */
  seed?: number;
  /** Multiplies sampled delays; default 1. Fixed-timing profiles (`exact`, `instant`) ignore it. */
  timeScale?: number;
  /** Profiles slowed (or sped up) from a given run on (drift.ts); none by default. */
  drift?: readonly Drift[];
  /** Which run this sandbox serves, counted from 1 (default 1): what a drift's `@run` is compared with. */
  runNumber?: number;
}

export type SandboxSettings = Required<SandboxOptions>;

export const DEFAULT_SEED = 42;

/** The options with their defaults filled in; a value out of range is a RangeError. */
export function sandboxSettings(options: SandboxOptions): SandboxSettings {
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError(`port must be an integer from 0 to 65535, got ${port}`);
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  const timeScale = options.timeScale ?? 1;
  if (!Number.isFinite(timeScale) || timeScale < 0) throw new RangeError(`timeScale must be a finite number ≥ 0, got ${timeScale}`);
  const runNumber = options.runNumber ?? 1;
  if (!Number.isSafeInteger(runNumber) || runNumber < 1) throw new RangeError(`runNumber must be a whole number of at least 1, got ${runNumber}`);
  return { port, host: options.host ?? "127.0.0.1", seed, timeScale, drift: options.drift ?? [], runNumber };
}
