// Before a run row exists: is there a token for the targets that need one, is the sandbox answering,
// do the inputs expand? A run that cannot go is one clear problem, and nothing is stored.
import { isSandboxUp, usesSandbox } from "../core/sandbox-health";
import type { Scenario } from "../core/scenario";
import type * as RunMachinery from "./run-machinery";
import type { RunProblem } from "./run-snapshot";

export interface PreflightContext {
  machinery: typeof RunMachinery;
  accessToken: string | undefined;
  sandboxUrl: string;
  /** Used for the sandbox's health check. */
  fetch: typeof fetch;
}

export type PreflightResult = { ok: true; planned: { measured: number; warmup: number }; inputCount: number } | { ok: false; problem: RunProblem };

export async function preflight(scenario: Scenario, context: PreflightContext): Promise<PreflightResult> {
  const { machinery, accessToken, sandboxUrl } = context;
  const needToken = machinery.targetsNeedingToken(scenario);
  if (needToken.length > 0 && !accessToken) {
    return {
      ok: false,
      problem: {
        kind: "token-missing",
        message: `${needToken.map((target) => target.id).join(", ")} call Hugging Face providers and need a Hugging Face token.`,
      },
    };
  }
  if (usesSandbox(scenario) && !(await isSandboxUp(sandboxUrl, context.fetch))) {
    return {
      ok: false,
      problem: {
        kind: "sandbox-down",
        message: `The sandbox is not answering at ${sandboxUrl}: start it with npm start or npm run sandbox (or set its URL in Settings).`,
      },
    };
  }
  const expanded = machinery.expandInputs(scenario);
  if (!expanded.ok) return { ok: false, problem: { kind: "failed", message: machinery.describeInputErrors(expanded.errors) } };
  return { ok: true, planned: machinery.countPlannedRequests(scenario, expanded.inputs.length), inputCount: expanded.inputs.length };
}
