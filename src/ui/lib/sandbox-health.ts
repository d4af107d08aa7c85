// Is the sandbox answering? Asked before a run that uses `sandbox:` targets, so a stopped sandbox
// is one clear message instead of a table full of network errors.
import { SANDBOX_URL_SCHEME, type Scenario } from "../../core/scenario";

const HEALTH_TIMEOUT_MS = 3000;

export function usesSandbox(scenario: Pick<Scenario, "targets">): boolean {
  return scenario.targets.some((target) => target.endpointUrl?.startsWith(SANDBOX_URL_SCHEME));
}

export async function isSandboxUp(sandboxUrl: string, fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchImpl(`${sandboxUrl}/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
    return response.ok;
  } catch {
    return false;
  }
}
