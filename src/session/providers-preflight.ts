// "Compare all" in the browser, its preflight: before the measured run, one request to each provider through
// the same runner the run uses (core/catalog's plan: the first input, no warm-up, no retry), and the
// providers that refuse (not served, needs credits, unauthorised) dropped with the reason. Only a refusal
// drops a provider; one that fails otherwise is kept, with a note. Nothing is stored: the run is not made yet.
import { preflightOutcome, preflightPlan, type PreflightOutcome } from "../core/catalog";
import type { RequestRecord } from "../core/record/record";
import type { Scenario } from "../core/scenario/types";
import type * as RunMachinery from "./run-machinery";

export interface ProvidersPreflightContext {
  loadMachinery(): Promise<typeof RunMachinery>;
  /** The Hugging Face token (Settings); the runner sends it to Hugging Face hosts only. */
  accessToken: string | undefined;
  /** The global fetch when not given (tests pass msw's). */
  fetch?: typeof fetch;
  signal?: AbortSignal;
  newRunId?(): string;
}

/** The scenario without the providers that refused, what was dropped and why, and the failures kept. */
export async function runProvidersPreflight(scenario: Scenario, context: ProvidersPreflightContext): Promise<PreflightOutcome> {
  const plan = preflightPlan(scenario);
  const machinery = await context.loadMachinery();
  // The last attempt of each target (the plan retries none): what it answered decides.
  const answers = new Map<string, RequestRecord>();
  await machinery.runScenario({
    runId: context.newRunId?.() ?? `preflight-${crypto.randomUUID()}`,
    scenario: plan.scenario,
    accessToken: context.accessToken,
    ...(context.fetch === undefined ? {} : { fetch: context.fetch }),
    ...(context.signal === undefined ? {} : { signal: context.signal }),
    onRecord: (record) => answers.set(record.targetId, record),
  });
  return preflightOutcome(scenario, plan, answers);
}
