// Seeded randomness for the sandbox: every delay, error decision and word comes from here, so one seed
// replays a whole session exactly.

import type { Random } from "../core/random";

export { mulberry32, type Random } from "../core/random";

/** FNV-1a over UTF-16 code units, then a murmur3 finaliser so near-identical texts land far apart. */
export function hashString(text: string, seed = 0): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** A 32-bit unsigned integer, used to seed a child generator. */
export function uint32(random: Random): number {
  return Math.floor(random() * 4294967296) >>> 0;
}

/** Box–Muller; `1 - random()` keeps the logarithm away from zero. */
export function standardNormal(random: Random): number {
  const radius = Math.sqrt(-2 * Math.log(1 - random()));
  return radius * Math.cos(2 * Math.PI * random());
}

/**
 * Log-normal around a median: latencies are skewed to the right, like real ones.
 * The draw is consumed even when sigma is 0 so changing a jitter never shifts later draws.
 */
export function logNormal(random: Random, median: number, sigma: number): number {
  const z = standardNormal(random);
  return median * Math.exp(sigma * z);
}

/** Uniform integer in [min, max], both included. */
export function integerBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}
