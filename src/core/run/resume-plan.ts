// Resuming a run cut short: which of its planned (target, input, repetition) requests still have no
// outcome, from the records it kept. The runner then sends only those, under the same run id.
//
// The rules, in one place:
// - A request is done once any of its attempts was measured: succeeded, or failed (a failed attempt is a
//   result). A retry the interruption cut off is not sent again: the request keeps the attempts it got,
//   and counts as failed by its last measured attempt (request-outcomes.ts), in the CLI and the browser.
// - A request whose only record is `aborted` (in flight when the run was stopped) was never measured: it
//   is missing, and its aborted record is superseded by the resumed one (supersededAbort). A records file
//   keeps both lines, since a resume appends: read back, an aborted record followed by a later record of
//   the same request counts no more (RecordsFileFilter, records-filter.ts), so every request is counted once.
// - Warm-ups are requests like any other: one that was recorded is not redone; one never sent is sent
//   first, as in a fresh run.
// - Only a plain run (no run.load) resumes: an open loop or a sweep is defined by when its requests went
//   out, which a later resume cannot continue.
import type { PlannedRequest } from "./types";
import type { RequestRecord } from "../record";
import { isTraceInputs, PARAMETER_SWEEP_RESUME_REFUSAL, type Scenario } from "../scenario";

/** What the runner needs to send only the missing requests of a run. */
export interface ResumePlan {
  runId: string;
  /** Planned requests that already have an outcome (requestKey). */
  done: ReadonlySet<string>;
  /** Requests still to send. */
  remaining: { measured: number; warmup: number };
}

/** One planned request's identity: a warm-up and a measured request of the same indexes are apart. */
export function requestKey(request: Pick<PlannedRequest, "targetId" | "inputIndex" | "repetition" | "warmup">): string {
  return `${request.warmup ? "w" : "m"}\u0000${request.targetId}\u0000${request.inputIndex}\u0000${request.repetition}`;
}

export function isMissing(plan: ResumePlan, request: PlannedRequest): boolean {
  return !plan.done.has(requestKey(request));
}

/** Why a scenario cannot be resumed, or null when it can. */
export function resumeRefusal(scenario: Scenario): string | null {
  if (isTraceInputs(scenario.inputs)) return "inputs.trace: a trace's replay cannot be resumed: its requests are defined by when they were sent";
  if (scenario.run.parameterSweep !== undefined) return PARAMETER_SWEEP_RESUME_REFUSAL;
  return scenario.run.load === undefined
    ? null
    : "run.load: a run with a load model (open loop or sweep) cannot be resumed: its requests are defined by when they were sent";
}

/**
 * Reads a run's records one at a time (a records file streams through it) and checks each belongs to
 * the scenario's plan: one run id, known targets, inputs and repetitions within the plan.
 */
export class ResumeLedger {
  private runId: string | null = null;
  private readonly done = new Set<string>();
  private readonly targetIds: Set<string>;

  constructor(
    private readonly scenario: Scenario,
    private readonly inputCount: number,
  ) {
    this.targetIds = new Set(scenario.targets.map((target) => target.id));
  }

  /** Adds one record; returns why it does not fit the scenario (the caller names the line), or null. */
  add(record: RequestRecord): string | null {
    if (this.runId === null) this.runId = record.runId;
    else if (record.runId !== this.runId) return `runId: ${JSON.stringify(record.runId)} is another run than the file's first record (${JSON.stringify(this.runId)})`;
    if (!this.targetIds.has(record.targetId)) return `targetId: ${JSON.stringify(record.targetId)} is not a target of the scenario`;
    if (record.inputIndex >= this.inputCount) return `inputIndex: ${record.inputIndex} is past the scenario's ${this.inputCount} inputs`;
    const repetitions = record.warmup ? this.scenario.run.warmup : this.scenario.run.repetitions;
    if (record.repetition >= repetitions) {
      return `repetition: ${record.repetition} is past the scenario's ${repetitions} ${record.warmup ? "warm-ups" : "repetitions"}`;
    }
    if (record.errorKind !== "aborted" && record.errorKind !== "dropped") this.done.add(requestKey(record));
    return null;
  }

  /** The plan, or null when no record was added (nothing to resume: run the scenario afresh). */
  plan(): ResumePlan | null {
    if (this.runId === null) return null;
    const targets = this.scenario.targets.length;
    const planned = { measured: this.scenario.run.repetitions * this.inputCount * targets, warmup: this.scenario.run.warmup * targets };
    let doneWarmups = 0;
    for (const key of this.done) if (key.startsWith("w")) doneWarmups++;
    return {
      runId: this.runId,
      done: new Set(this.done),
      remaining: { measured: planned.measured - (this.done.size - doneWarmups), warmup: planned.warmup - doneWarmups },
    };
  }
}

/**
 * An aborted record whose request the resume sends again: the summary of the resumed run leaves it out,
 * since the request now has a measured outcome (or a newer aborted record, if the resume is stopped too).
 */
export function supersededAbort(plan: ResumePlan, record: RequestRecord): boolean {
  return record.errorKind === "aborted" && !plan.done.has(requestKey(record));
}
