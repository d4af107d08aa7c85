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
import { trackWork } from "./tracked-work";

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
  const { scenario, clock, share } = run;
  const starts = sessionStarts(run.inputs);
  const deadline = size.kind === "duration" ? stageStart + size.ms : null;
  const pastDeadline = (): boolean => deadline !== null && clock.now() >= deadline;
  const think = thinkTimes(run);
  try {
    if (stage.load.mode === "closed") {
      const globalLimit = pLimit(shareOfLimit(stage.load.total, share));
      // A duration's last turns are not sent once it is up: the session counts as unfinished.
      const runInSlot: SlotRunner = (_planned, attempt, work) => globalLimit(() => (attempt === 1 && pastDeadline() ? Promise.resolve(null) : work()));
      const chain = sessionChain(parts, stage, starts, { runInSlot, pastDeadline, think: think.wait, open: false });
      await runUsers(parts, stage, size, starts.length, chain, pastDeadline);
    } else {
      const chain = sessionChain(parts, stage, starts, { runInSlot: (_planned, _attempt, work) => work(), pastDeadline, think: think.wait, open: true });
      await paceSessions(parts, stageArrivals(scenario, starts.length, stage, size, stageStart), starts.length, chain);
    }
  } finally {
    think.close();
  }
}

/** A closed loop's users: each target's own, each running the target's next session when its last one ends. */
async function runUsers(parts: OpenLoopParts, stage: Stage, size: StageSize, sessions: number, chain: SessionChain, pastDeadline: () => boolean): Promise<void> {
  const { scenario, runSignal, share } = parts.run;
  if (stage.load.mode !== "closed") throw new Error("runUsers: not a closed stage");
  const users = shareOfLimit(stage.load.perTarget, share);
  await Promise.all(
    stage.targetIds.map((targetId) => {
      const jobs = stagePlan(scenario, sessions, [targetId], size)[Symbol.iterator]();
      const user = async (): Promise<void> => {
        for (let job = jobs.next(); !job.done && !runSignal.aborted && !pastDeadline(); job = jobs.next()) {
          if (inShare(job.value, sessions, share)) await chain(job.value, null);
        }
      };
      return Promise.all(Array.from({ length: users }, user));
    }),
  );
}

/**
 * The users' think times, each on a signal of its own that one listener on the run's signal aborts: a
 * hundred users thinking at once would otherwise put a hundred listeners on the run's signal.
 */
function thinkTimes(run: OpenLoopParts["run"]): { wait(ms: number): Promise<void>; close(): void } {
  const thinking = new Set<AbortController>();
  const abortAll = (): void => {
    for (const controller of thinking) controller.abort();
  };
  run.runSignal.addEventListener("abort", abortAll, { once: true });
  return {
    wait: async (ms) => {
      if (ms <= 0 || run.runSignal.aborted) return;
      const own = new AbortController();
      thinking.add(own);
      try {
        await run.sleep(ms, own.signal);
      } finally {
        thinking.delete(own);
      }
    },
    close: () => run.runSignal.removeEventListener("abort", abortAll),
  };
}

/** Starts a session at each arrival (its first turn due then) until the arrivals end or the run is aborted, then waits for every session. */
async function paceSessions(parts: OpenLoopParts, arrivals: ReturnType<typeof stageArrivals>, sessions: number, chain: SessionChain): Promise<void> {
  const { runSignal, share, pacerClock } = parts.run;
  const stopPacing = new AbortController();
  const stop = (): void => stopPacing.abort();
  // A sink that fails ends the run, as in the open loop.
  const { track, settle } = trackWork(stop);
  runSignal.addEventListener("abort", stop, { once: true });
  try {
    await pace(arrivals, pacerClock, stopPacing.signal, ({ atMs, item }) => {
      if (inShare(item, sessions, share)) track(chain(item, atMs));
    });
    await settle();
  } finally {
    runSignal.removeEventListener("abort", stop);
  }
}

/** Runs one session of a target: `job.inputIndex` is the session's number, `job.repetition` its round. */
type SessionChain = (job: PlannedRequest, firstDueAt: number | null) => Promise<void>;

interface ChainParts {
  runInSlot: SlotRunner;
  pastDeadline: () => boolean;
  think: (ms: number) => Promise<void>;
  /** An open loop's later turn is due when its think time ends; a closed loop's when it gets its slot. */
  open: boolean;
}

function sessionChain(parts: OpenLoopParts, stage: Stage, starts: readonly number[], { runInSlot, pastDeadline, think, open }: ChainParts): SessionChain {
  const { run, send } = parts;
  const { inputs, clock, runSignal } = run;
  return async (job, firstDueAt) => {
    const first = starts[job.inputIndex]!;
    const turns = inputs[first]!.session!.turns;
    const history: ChatMessage[] = [];
    let dueAt = firstDueAt;
    for (let turn = 0; turn < turns; turn++) {
      const input = inputs[first + turn]!;
      if (turn > 0) {
        // The user reads the answer and writes the next message: time no target is answerable for.
        await think(input.session!.thinkMs);
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
