// The fact about a scenario's targets that the first screen needs (which ones call a Hugging Face
// provider), apart from scenario.ts: importing that module at runtime brings zod and every task's schema,
// about 25 KB gzipped the first screen does not otherwise need. The sandbox's address scheme is
// http/sandbox-url.ts's.
import type { ProviderTarget, ScenarioTarget } from "./types";

export function isProviderTarget(target: ScenarioTarget): target is ProviderTarget {
  return target.provider !== undefined;
}
