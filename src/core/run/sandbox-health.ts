// Where the sandbox providers answer by default, and whether they answer: asked before a run that uses
// `sandbox:` targets (by the CLI and the browser alike), so a stopped sandbox is one clear message
// instead of a table full of network errors.
import type { Scenario } from "../scenario/types";
import { SANDBOX_URL_SCHEME } from "../endpoints/sandbox-url";

/** The port `npm run sandbox` and `npm start` prefer. */
export const DEFAULT_SANDBOX_URL = "http://127.0.0.1:8787";

const HEALTH_TIMEOUT_MS = 3000;

export function usesSandbox(scenario: Pick<Scenario, "targets">): boolean {
  return scenario.targets.some((target) => target.endpointUrl?.startsWith(SANDBOX_URL_SCHEME));
}

/** A sandbox URL as typed, without the trailing slashes that would double the one before `/health`. */
export function normalizeSandboxUrl(sandboxUrl: string): string {
  return sandboxUrl.replace(/\/+$/, "");
}

/** True when the sandbox's /health answers 2xx within a few seconds; the fetch is the caller's. */
export async function isSandboxUp(sandboxUrl: string, fetchImpl: typeof fetch): Promise<boolean> {
  try {
    const response = await fetchImpl(`${normalizeSandboxUrl(sandboxUrl)}/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
    return response.ok;
  } catch {
    return false;
  }
}
