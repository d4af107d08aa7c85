// The runner: sends the same inputs × repetitions to every target, interleaved, with a global and a
// per-target concurrency limit, warm-up, per-request timeout, bounded retry, and an instant abort.
// A run goes through its stages, each in its own module:
//   prepare-run.ts   inputs, checks, resume, defaults, the targets' calls, before the clock starts
//   request-plan.ts  which requests, in which order (and an open stage's arrival times)
//   run-stages.ts    warm-ups, then each stage: closed-loop.ts or open-loop.ts, sweep-adaptation.ts between
//   send-request.ts  one planned request: its attempts (attempt.ts) and retries (retry.ts)
//   run-records.ts   every record to the sink; run-progress.ts, the counts the listener sees
import { DEFAULT_MAX_OUTPUT_CHARS } from "./attempt";
import { prepareRun } from "./prepare-run";
import { createRequestSender } from "./send-request";
import { createRunRecords } from "./run-records";
import type { RunOptions, RunResult } from "./run-options";
import { trackProgress } from "./run-progress";
import { runStages } from "./run-stages";
import { sweepSummaries } from "./sweep-adaptation";
import { stageRecordFields } from "../load";

export async function runScenario(options: RunOptions): Promise<RunResult> {
  const run = await prepareRun(options);
  const { runId, clock, runSignal, deadlines } = run;
  const startedAtMono = clock.now();
  // One reading: a worker's records map onto the same wall-clock times as the other workers' (clock.ts).
  const startedAt = clock.epochAt?.(startedAtMono) ?? clock.epochMs();
  const tracker = trackProgress(run.counts, clock, startedAtMono, options);
  const stageSummaries = sweepSummaries(run.scenario);
  const records = createRunRecords({ runId, checks: run.checks, toolJudge: run.toolJudge, structuredOutputJudge: run.structuredOutputJudge, toolLoop: run.scenario.toolResults !== undefined, keptOutputChars: run.scenario.run.maxOutputChars ?? DEFAULT_MAX_OUTPUT_CHARS, inputs: run.inputs, warmups: run.scenario.run.warmup, sink: options, progress: tracker.progress, stageSummaries, startedAt, startedAtMono, stageFields: stageRecordFields(run.scenario) });
  const send = createRequestSender(run, tracker, records);
  // One listener on the run's signal aborts every attempt in flight, rather than one listener per attempt.
  const abortActiveAttempts = (): void => deadlines.abortAll(runSignal.reason);
  runSignal.addEventListener("abort", abortActiveAttempts, { once: true });
  try {
    await runStages({ run, send, tracker, records, stageSummaries, listener: options });
  } finally {
    runSignal.removeEventListener("abort", abortActiveAttempts);
  }
  const progress = tracker.finish(runSignal.aborted);
  const result: RunResult = { runId, status: runSignal.aborted ? "aborted" : "completed", progress, startedAt, finishedAt: clock.epochMs() };
  if (run.workload !== undefined) result.workload = run.workload;
  return result;
}
