// What each target's attempts are sent with (attempt.ts, AttemptContext): the run's deadlines, clock and
// limits, the secrets no record may hold, the fetch that carries only that target's credential
// (auth-headers.ts), and for a sandbox target the header that says which request of the run this is.
import { formatSandboxRequest, SANDBOX_REQUEST_HEADER, withRequestHeader, SANDBOX_URL_SCHEME } from "../endpoints";
import type { Clock } from "../measure";
import type { Scenario } from "../scenario";
import type { AttemptContext } from "./attempt";
import type { AttemptDeadlines } from "./attempt-deadlines";
import { credentialScopeOf, scopedFetch } from "./auth-headers";
import type { RunOptions } from "./run-options";
import { requestSequence } from "./run-share";
import type { PlannedRequest } from "./types";

/** The context of one attempt of a planned request, in a stage of the run. */
export type AttemptContextFor = (planned: PlannedRequest, stage: number | null, attempt: number) => AttemptContext;

export interface AttemptRunParts {
  deadlines: AttemptDeadlines;
  baseFetch: typeof fetch;
  clock: Clock;
  runSignal: AbortSignal;
  inputCount: number;
}

type CredentialOptions = Pick<RunOptions, "accessToken" | "endpointKeys" | "sandboxUrl" | "sandboxHostPerProfile">;

export function createAttemptContexts(scenario: Scenario, options: CredentialOptions, run: AttemptRunParts): AttemptContextFor {
  const { baseFetch, inputCount } = run;
  const attemptContext: AttemptContext = {
    deadlines: run.deadlines,
    baseFetch,
    clock: run.clock,
    timeoutMs: scenario.run.timeoutMs,
    runSignal: run.runSignal,
    maxResponseBytes: scenario.run.maxResponseBytes,
    maxOutputChars: scenario.run.maxOutputChars,
    // Every record's strings are redacted where the attempt builds them, before anything is cut (attempt.ts).
    secrets: runSecrets(options),
  };
  // Each target sends through its own credential rule: which Authorization header goes to which host.
  const targetContexts = new Map<string, AttemptContext>();
  for (const target of scenario.targets) {
    const scope = credentialScopeOf(target, options.endpointKeys, options.sandboxUrl, { hostPerProfile: options.sandboxHostPerProfile === true });
    targetContexts.set(target.id, { ...attemptContext, baseFetch: scopedFetch(baseFetch, scope), answerUrlOrigins: target.answerUrlOrigins ?? [] });
  }
  /** A sandbox target's attempt says which request it is (sandbox-request.ts); any other goes out as the library built it. */
  const sandboxTargets = new Set(scenario.targets.filter((target) => target.endpointUrl?.startsWith(SANDBOX_URL_SCHEME) === true).map((target) => target.id));
  return (planned, stage, attempt) => {
    const context = targetContexts.get(planned.targetId)!;
    if (!sandboxTargets.has(planned.targetId)) return context;
    const identity = formatSandboxRequest({ targetId: planned.targetId, sequence: requestSequence(planned, inputCount), warmup: planned.warmup, stage, attempt });
    return { ...context, baseFetch: withRequestHeader(context.baseFetch, SANDBOX_REQUEST_HEADER, identity) };
  };
}

/** The run's token and keys: no string a record keeps may hold one. */
function runSecrets(options: CredentialOptions): string[] {
  return [options.accessToken, ...Object.values(options.endpointKeys?.byTarget ?? {}), ...Object.values(options.endpointKeys?.byOrigin ?? {})].filter(
    (secret): secret is string => typeof secret === "string" && secret !== "",
  );
}
