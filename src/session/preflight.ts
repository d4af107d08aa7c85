// Before a run row exists: is there a token for the targets that need one, is the sandbox answering,
// do the inputs expand? A run that cannot go is one clear problem, and nothing is stored.
import { endpointOrigin } from "../core/endpoints/endpoint-origin";
import { isSandboxUp, usesSandbox } from "../core/run/sandbox-health";
import { SANDBOX_URL_SCHEME, sandboxEndpointUrl } from "../core/endpoints/sandbox-url";
import type { Scenario } from "../core/scenario/types";
import type * as RunMachinery from "./run-machinery";
import type { RunProblem } from "./run-snapshot";

export interface PreflightContext {
  machinery: typeof RunMachinery;
  accessToken: string | undefined;
  sandboxUrl: string;
  /** Used for the sandbox's health check. */
  fetch: typeof fetch;
  /** Endpoint keys saved in Settings, by origin. */
  endpointKeys?: Readonly<Record<string, string>>;
  /** A host name per sandbox profile, as the run will call them (core/endpoints/sandbox-url.ts). */
  sandboxHostPerProfile?: boolean;
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
  const keyMissing = targetsMissingKeys(scenario, context.endpointKeys ?? {}, sandboxUrl, context.sandboxHostPerProfile === true);
  if (keyMissing.length > 0) return { ok: false, problem: { kind: "key-missing", message: keyMissing.join(" ") } };
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

/**
 * A target that asks for a key (`apiKeyEnv`, which the command line sends once granted with --key) needs
 * one saved in Settings for its endpoint's origin here: without it the endpoint would only answer 401s.
 */
function targetsMissingKeys(scenario: Scenario, endpointKeys: Readonly<Record<string, string>>, sandboxUrl: string, hostPerProfile: boolean): string[] {
  return scenario.targets.flatMap((target, index) => {
    if (target.apiKeyEnv === undefined || target.endpointUrl === undefined) return [];
    const url = target.endpointUrl.startsWith(SANDBOX_URL_SCHEME) ? sandboxEndpointUrl(target.endpointUrl, sandboxUrl, { hostPerProfile }) : target.endpointUrl;
    const origin = endpointOrigin(url);
    if (origin !== null && endpointKeys[origin]) return [];
    return [`targets[${index}] (${target.id}) needs a key (--key ${target.id}=${target.apiKeyEnv} on the command line): save one for ${origin ?? target.endpointUrl} in Settings.`];
  });
}
