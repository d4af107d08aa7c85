// The two facts about a scenario's targets that the first screen needs (which ones call a Hugging Face
// provider, and the sandbox's address scheme), apart from scenario.ts: importing that module at runtime
// brings zod and every task's schema, about 25 KB gzipped the first screen does not otherwise need.
import type { ProviderTarget, ScenarioTarget } from "./scenario";

/** `sandbox:/fast/v1` resolves against the running sandbox server, whatever port it got. */
export const SANDBOX_URL_SCHEME = "sandbox:";

export function isProviderTarget(target: ScenarioTarget): target is ProviderTarget {
  return target.provider !== undefined;
}
