// A run of sessions (inputs.sessions, docs/workloads.md "Sessions"): each session a chain of turns, turn
// k + 1 sent only once turn k has answered, after its think time, with the whole conversation before it
// (the target's own answers included). A failed turn ends its session. Users are a closed loop's
// concurrency (each user runs one session after another) or an open loop's arrivals (a session starts at
// each). Think time is spent before a turn is due: it is no part of its queue time or latency.
import pLimit from "p-limit";
import { pace, plannedStages, stageSize, type Stage, type StageSize } from "../load";
import type { ExpandedInput } from "../scenario";
import type { ChatMessage } from "../tasks";
import { runClosedStage } from "./closed-loop";
import type { OpenLoopParts } from "./open-loop";
import { missingOnly, planWarmups, stageArrivals, stagePlan } from "./request-plan";
import { inShare, shareOfLimit } from "./run-share";
import type { SlotRunner } from "./send-request";
import type { PlannedRequest } from "./types";

/** Where each session's first turn is among the run's inputs (its turns follow it); empty when the inputs are no sessions. */
export function sessionStarts(inputs: readonly ExpandedInput[]): number[] {
  const starts: number[] = [];
  inputs.forEach((input, index) => {
    if (input.session?.turn === 1) starts.push(index);
  });
  return starts;
}

/** The warm-ups (each a turn sent alone), then the run's one stage of sessions. */
export async function runSessionStages(parts: OpenLoopParts, listener: { onStage?(stage: Stage): void }): Promise<void> {
  const { run, send } = parts;
  const { scenario, inputs, clock, share } = run;
  const warmups = [...missingOnly(planWarmups(scenario, inputs.length), run.resume)];
  if (warmups.length > 0) {
    await runClosedStage(run, send, { index: 0, label: "warm-up", load: run.concurrency, targetIds: scenario.targets.map((target) => target.id) }, [warmups], null);
  }
  const stage = plannedStages(scenario)[0]!;
  if (run.runSignal.aborted) return;
  listener.onStage?.(stage);
  const stageStart = share?.stageStart?.(stage.index, clock.now()) ?? clock.now();
  await runSessionStage(parts, stage, stageSize(scenario.run.load), stageStart);
}

async function runSessionStage(parts: OpenLoopParts, stage: Stage, size: StageSize, stageStart: number): Promise<void> {
  const { run } = parts;
  const { scenario, clock, runSignal, share } = run;
  const starts = sessionStarts(run.inputs);
  const deadline = size.kind === "duration" ? stageStart + size.ms : null;
  const pastDeadline = (): boolean => deadline !== null && clock.now() >= deadline;
  if (stage.load.mode === "closed") {
    const globalLimit = pLimit(shareOfLimit(stage.load.total, share));
    // A duration's last turns are not sent once it is up: the session counts as unfinished.
    const runInSlot: SlotRunner = (_planned, attempt, work) => globalLimit(() => (attempt === 1 && pastDeadline() ? Promise.resolve(null) : work()));
    const chain = sessionChain(parts, stage, starts, runInSlot, pastDeadline, false);
    const users = shareOfLimit(stage.load.perTarget, share);
    await Promise.all(
      stage.targetIds.map((targetId) => {
        const jobs = stagePlan(scenario, starts.length, [targetId], size)[Symbol.iterator]();
        // Each user takes the target's next session when its last one ends.
        const user = async (): Promise<void> => {
          for (let job = jobs.next(); !job.done && !runSignal.aborted && !pastDeadline(); job = jobs.next()) {
            if (inShare(job.value, starts.length, share)) await chain(job.value, null);
          }
        };
        return Promise.all(Array.from({ length: users }, user));
      }),
    );
    return;
  }
  const chain = sessionChain(parts, stage, starts, (_planned, _attempt, work) => work(), pastDeadline, true);
  await paceSessions(parts, stageArrivals(scenario, starts.length, stage, size, stageStart), starts.length, chain);
}

/** Starts a session at each arrival (its first turn due then) until the arrivals end or the run is aborted, then waits for every session. */
async function paceSessions(parts: OpenLoopParts, arrivals: ReturnType<typeof stageArrivals>, sessions: number, chain: SessionChain): Promise<void> {
  const { runSignal, share, pacerClock } = parts.run;
  const pending = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;
  const stopPacing = new AbortController();
  const stop = (): void => stopPacing.abort();
  runSignal.addEventListener("abort", stop, { once: true });
  try {
    await pace(arrivals, pacerClock, stopPacing.signal, ({ atMs, item }) => {
      if (!inShare(item, sessions, share)) return;
      const work = chain(item, atMs);
      pending.add(work);
      work.then(
        () => pending.delete(work),
        (error: unknown) => {
          pending.delete(work);
          // A sink that fails ends the run, as in the open loop.
          failure ??= { error };
          stopPacing.abort();
        },
      );
    });
    while (pending.size > 0) await Promise.allSettled([...pending]);
  } finally {
    runSignal.removeEventListener("abort", stop);
  }
  if (failure !== null) throw (failure as { error: unknown }).error;
}

/** Runs one session of a target: `job.inputIndex` is the session's number, `job.repetition` its round. */
type SessionChain = (job: PlannedRequest, firstDueAt: number | null) => Promise<void>;

function sessionChain(parts: OpenLoopParts, stage: Stage, starts: readonly number[], runInSlot: SlotRunner, pastDeadline: () => boolean, open: boolean): SessionChain {
  const { run, send } = parts;
  const { inputs, clock, runSignal, sleep } = run;
  return async (job, firstDueAt) => {
    const first = starts[job.inputIndex]!;
    const turns = inputs[first]!.session!.turns;
    const history: ChatMessage[] = [];
    let dueAt = firstDueAt;
    for (let turn = 0; turn < turns; turn++) {
      const input = inputs[first + turn]!;
      if (turn > 0) {
        // The user reads the answer and writes the next message: time no target is answerable for.
        await sleep(input.session!.thinkMs, runSignal);
        if (runSignal.aborted || pastDeadline()) return;
        dueAt = open ? clock.now() : null;
      }
      const messages = history.length === 0 ? input.messages : [...history, ...input.messages];
      const sent: ExpandedInput = history.length === 0 ? input : { ...input, messages, value: messages };
      const planned: PlannedRequest = { targetId: job.targetId, inputIndex: first + turn, repetition: job.repetition, warmup: false };
      const record = await send(planned, stage.index, runInSlot, dueAt, sent);
      // A failed turn ends its session: the next one would be sent without the answer it follows.
      if (record === null || record.status !== "ok") return;
      history.push(...input.messages, { role: "assistant", content: record.output ?? "" });
    }
  };
}
