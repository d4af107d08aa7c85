// Before a measured run of every provider: one request per target, and the targets whose answer is a
// refusal dropped with the reason (not served, needs a subscription, unauthorised), so the run compares
// the providers that answer. Pure: the plan is a scenario the runner can run as any other, its records
// are classified here; sending them is the caller's.
import type { RequestRecord } from "../record";
import { isSessionInputs, isSyntheticInputs, isTraceInputs, traceProbeInputs, validateScenario, type Scenario } from "../scenario";

export type PreflightRefusal = "not-served" | "needs-subscription" | "unauthorised";

export type PreflightVerdict =
  | { keep: true; /** A failure that is no refusal (a timeout, a 5xx, a rate limit): the run will measure it. */ note?: string }
  | { keep: false; refusal: PreflightRefusal; reason: string };

export interface PreflightPlan {
  /** The scenario cut to its first input, once per target, no warm-up, no retry, nothing checked: one request each. */
  scenario: Scenario;
  /** One per target, in the scenario's order: what is sent first. */
  requests: { targetId: string; provider: string | null; model: string; inputIndex: 0 }[];
}

function firstInputOnly(inputs: Scenario["inputs"]): Scenario["inputs"] {
  if (Array.isArray(inputs)) return inputs.slice(0, 1);
  if (isSyntheticInputs(inputs)) return { synthetic: { ...inputs.synthetic, count: 1 } };
  // One session of one turn (a file's first conversation is all its turns: it is read only when the run starts).
  if (isSessionInputs(inputs)) return { sessions: { ...inputs.sessions, count: 1, ...(inputs.sessions.synthetic === undefined ? {} : { synthetic: { ...inputs.sessions.synthetic, turns: 1 } }) } };
  if (isTraceInputs(inputs)) return traceProbeInputs(inputs.trace);
  return { ...inputs, variables: inputs.variables.slice(0, 1) };
}

/** The one request per target to send before the run, as a scenario of its own. */
export function preflightPlan(scenario: Scenario): PreflightPlan {
  const inputs = firstInputOnly(scenario.inputs);
  // Expectations and SLOs name inputs and figures of the whole run: none applies to a preflight.
  const { expectations: _expectations, slo: _slo, ...rest } = scenario;
  const { load: _load, perTargetConcurrency: _perTarget, ...run } = scenario.run;
  const checked = validateScenario({
    ...rest,
    name: `${scenario.name} (preflight)`,
    inputs,
    run: { ...run, repetitions: 1, warmup: 0, concurrency: Math.min(scenario.targets.length, 1024), perTargetConcurrency: 1, retry: { ...run.retry, maxAttempts: 1 } },
  });
  // Cut from a valid scenario, it can only be valid; if not, that is a bug here, not the caller's input.
  if (!checked.ok) throw new Error(`the preflight scenario is invalid: ${checked.errors.map((error) => `${error.path}: ${error.message}`).join("; ")}`);
  const requests = checked.scenario.targets.map((target) => ({ targetId: target.id, provider: target.provider ?? null, model: target.model, inputIndex: 0 as const }));
  return { scenario: checked.scenario, requests };
}

/**
 * The library's words when the Hub maps the model to no provider, or not to this one for this task
 * (@huggingface/inference 4.x: getInferenceProviderMapping, makeRequestOptions, getProviderHelper).
 */
const NOT_SERVED_MESSAGES = [
  /we have not been able to find inference provider information for model/i,
  /is not supported for task \S+ and provider/i,
  /task '[^']*' not supported for provider/i,
  /provider '[^']*' not supported/i,
];

/** What a router or provider says when it does not serve the model (HTTP 400 or 422 with these words). */
const NOT_SERVED_ANSWER = /not supported|model[_ ]not[_ ]found|does not exist|no (?:such|matching) model|not (?:available|served)/i;

/** Keep or drop, with the reason, from the one preflight record of a target. */
export function classifyPreflight(record: Pick<RequestRecord, "status" | "httpStatus" | "errorKind" | "errorMessage">): PreflightVerdict {
  if (record.status === "ok") return { keep: true };
  const message = record.errorMessage ?? "";
  const status = record.httpStatus;
  // The record's message often opens with the status the reason already names ("HTTP 402: …"): said once.
  const told = status === null ? message : message.replace(new RegExp(`^HTTP ${status}:\\s*`), "");
  const said = told === "" ? "" : `: ${told}`;
  if (status === 402) return { keep: false, refusal: "needs-subscription", reason: `needs a subscription or credits (HTTP 402)${said}` };
  if (status === 401 || status === 403) return { keep: false, refusal: "unauthorised", reason: `unauthorised (HTTP ${status}): the token is missing or may not call this provider${said}` };
  if (status === 404 || status === 410) return { keep: false, refusal: "not-served", reason: `not served (HTTP ${status})${said}` };
  if ((status === 400 || status === 422) && NOT_SERVED_ANSWER.test(message)) return { keep: false, refusal: "not-served", reason: `not served (HTTP ${status})${said}` };
  if (NOT_SERVED_MESSAGES.some((pattern) => pattern.test(message))) return { keep: false, refusal: "not-served", reason: `not served${said}` };
  const kind = record.errorKind === null ? "failed" : record.errorKind;
  return { keep: true, note: `the preflight request failed (${kind}${status === null ? "" : `, HTTP ${status}`}) without refusing: kept, the run will measure it` };
}

export interface PreflightOutcome {
  /** The scenario without the dropped targets; null when every target was dropped. */
  scenario: Scenario | null;
  dropped: { targetId: string; refusal: PreflightRefusal; reason: string }[];
  /** Targets kept although their preflight failed, with why. */
  notes: { targetId: string; note: string }[];
}

/** The scenario with the refusing targets taken out; a target with no verdict is kept. */
export function applyPreflight(scenario: Scenario, verdicts: ReadonlyMap<string, PreflightVerdict>): PreflightOutcome {
  const dropped: PreflightOutcome["dropped"] = [];
  const notes: PreflightOutcome["notes"] = [];
  const targets = scenario.targets.filter((target) => {
    const verdict = verdicts.get(target.id);
    if (verdict === undefined || verdict.keep) {
      if (verdict?.note !== undefined) notes.push({ targetId: target.id, note: verdict.note });
      return true;
    }
    dropped.push({ targetId: target.id, refusal: verdict.refusal, reason: verdict.reason });
    return false;
  });
  return { scenario: targets.length === 0 ? null : { ...scenario, targets }, dropped, notes };
}

/** The outcome from each target's last preflight record (`answers` by target id): what the command line and the dashboard both decide by. */
export function preflightOutcome(scenario: Scenario, plan: PreflightPlan, answers: ReadonlyMap<string, Pick<RequestRecord, "status" | "httpStatus" | "errorKind" | "errorMessage">>): PreflightOutcome {
  const verdicts = new Map<string, PreflightVerdict>();
  for (const { targetId } of plan.requests) {
    const answer = answers.get(targetId);
    if (answer !== undefined) verdicts.set(targetId, classifyPreflight(answer));
  }
  return applyPreflight(scenario, verdicts);
}
