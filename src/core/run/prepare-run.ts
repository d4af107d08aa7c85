// A run made ready before its clock starts: the scenario's inputs expanded and their files read, its checks
// compiled, a resume checked against it, every option's default resolved, one call per target and the
// context of every attempt. What is wrong with a run is thrown from here, before any request goes out.
import { compileChecks, compileStructuredOutputJudge, compileToolJudge, type CompiledCheck, type StructuredOutputJudge, type ToolJudge, expandInputs, isSessionInputs, isSyntheticInputs, isTraceInputs, resolveInputFiles, type ExpandedInput, formatScenarioErrors, type Scenario, type ScenarioError } from "../scenario";
import { abortableSleep, type WireEventsSource, systemClock, type Clock } from "../measure";
import { runConcurrency, systemPacerClock, type ClosedLoad, type PacerClock } from "../load";
import { createAttemptDeadlines, type AttemptDeadlines } from "./attempt-deadlines";
import { createAttemptContexts, type AttemptContextFor } from "./attempt-contexts";
import { resumeRefusal, type ResumePlan } from "./resume-plan";
import { countPlannedRequests, type PlannedCounts } from "./request-plan";
import type { RunOptions } from "./run-options";
import type { RunShare } from "./run-share";
import { createTargetCall, type TargetCall } from "./targets";
import { createStageCalls, type StageCalls } from "./stage-calls";
import type { SyntheticWorkload } from "./synthetic-prompts";
import type { HubTokenizerSource } from "./hub-tokenizer";

/** Everything a run needs once it starts, resolved: no option is read again. */
export interface PreparedRun {
  runId: string;
  scenario: Scenario;
  inputs: readonly ExpandedInput[];
  /** What cut the prompts of synthetic inputs or a trace; undefined for any other inputs. */
  workload: SyntheticWorkload | undefined;
  checks: readonly CompiledCheck[];
  /** The scenario's tools, to judge the calls answers make (tool-checks.ts); null when it offers none. */
  toolJudge: ToolJudge | null;
  /** The scenario's response format, to judge each answer's JSON (structured-output-checks.ts); null when it asks for none. */
  structuredOutputJudge: StructuredOutputJudge | null;
  resume: ResumePlan | undefined;
  /** What progress starts from: the plan's requests, or what a resume has left to send. */
  counts: PlannedCounts;
  /** The run's own closed loop (its concurrency, in all and per target): the warm-ups of a run with a load model go at it. */
  concurrency: ClosedLoad;
  share: RunShare | undefined;
  clock: Clock;
  pacerClock: PacerClock;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  random(): number;
  runSignal: AbortSignal;
  wireEventsSource: WireEventsSource | undefined;
  calls: ReadonlyMap<string, TargetCall>;
  /** A parameter sweep's calls per stage (stage-calls.ts), in place of `calls` in those stages; null otherwise. */
  stageCalls: StageCalls | null;
  /** Every attempt in flight, with its timeout; the run's abort reaches them all through it. */
  deadlines: AttemptDeadlines;
  attemptContextFor: AttemptContextFor;
}

/** Why a scenario's inputs cannot be expanded, on one line: the runner's error and the dashboard's message alike. */
export function describeInputErrors(errors: ScenarioError[]): string {
  return `scenario inputs: ${formatScenarioErrors(errors).replaceAll("\n", "; ")}`;
}

export async function prepareRun(options: RunOptions): Promise<PreparedRun> {
  const { scenario } = options;
  const clock = options.clock ?? systemClock;
  const pacerClock = options.pacerClock ?? systemPacerClock(clock);
  const baseFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const runSignal = options.signal ?? new AbortController().signal;

  const expanded = expandInputs(scenario);
  if (!expanded.ok) throw new Error(describeInputErrors(expanded.errors));
  // Cut and read before the clock starts: neither is any part of a request's latency or queue time.
  // Loaded only for synthetic inputs, sessions and traces: the tokenizers and the corpus are megabytes no other run needs.
  // A model's own tokenizer from the Hub (hub-tokenizer.ts): with the run's HF token, never through the run's measured fetch.
  const hub: HubTokenizerSource = { fetch: options.hubTokenizers?.fetch ?? globalThis.fetch.bind(globalThis), accessToken: options.accessToken, cache: options.hubTokenizers?.cache, signal: runSignal };
  const synthetic = isSyntheticInputs(scenario.inputs)
    ? await (await import("./synthetic-prompts")).buildSyntheticInputs(scenario, options.readInputFile, hub)
    : isSessionInputs(scenario.inputs)
      ? await (await import("./session-prompts")).buildSessionInputs(scenario, options.readInputFile, hub)
      : isTraceInputs(scenario.inputs)
        ? await (await import("./trace-prompts")).buildTraceInputs(scenario, options.readInputFile, hub)
        : null;
  // A session's later turns need the answers before them: a resumed run has none of them.
  if (options.resume !== undefined && isSessionInputs(scenario.inputs)) throw new Error("cannot resume a run of sessions: a turn is sent with the answers before it, which a resumed run does not have");
  // Cutting held the event loop (a second or more for a long trace): the timers it held back (progress,
  // scrapes) run now, once, rather than at the first requests' send times.
  // (Through the run's own sleep, so a run on another clock waits on that clock.)
  if (synthetic !== null) await (options.sleep ?? abortableSleep)(1, runSignal);
  const inputs =
    synthetic?.inputs ??
    (await resolveInputFiles(expanded.inputs, options.readInputFile).catch((error: unknown) => {
      throw new Error(`scenario inputs: ${(error as Error).message}`);
    }));
  const compiledChecks = compileChecks(scenario.expectations);
  if (!compiledChecks.ok) throw new Error(`scenario expectations: ${formatScenarioErrors(compiledChecks.errors).replaceAll("\n", "; ")}`);
  const toolJudge = compileToolJudge(scenario.parameters);
  if (!toolJudge.ok) throw new Error(`scenario tools: ${formatScenarioErrors(toolJudge.errors).replaceAll("\n", "; ")}`);
  const structuredOutputJudge = compileStructuredOutputJudge(scenario.parameters);
  if (!structuredOutputJudge.ok) throw new Error(`scenario response_format: ${formatScenarioErrors(structuredOutputJudge.errors).replaceAll("\n", "; ")}`);
  const resume = options.resume;
  if (resume !== undefined && resumeRefusal(scenario) !== null) throw new Error(resumeRefusal(scenario)!);

  const calls = new Map<string, TargetCall>();
  for (const target of scenario.targets) {
    calls.set(target.id, options.createCall?.(target.id) ?? createTargetCall(target, scenario, options));
  }
  const stageCalls = createStageCalls(scenario, (target, staged) => options.createCall?.(target.id) ?? createTargetCall(target, staged, options));
  // One timer for every attempt's timeout (and, in runner.ts, one listener on the run's signal), rather than one of each per attempt in flight.
  const deadlines = createAttemptDeadlines({ timeoutMs: scenario.run.timeoutMs, now: () => clock.now() });
  return {
    runId: options.runId,
    scenario,
    inputs,
    workload: synthetic?.workload ?? undefined,
    checks: compiledChecks.checks,
    toolJudge: toolJudge.judge,
    structuredOutputJudge: structuredOutputJudge.judge,
    resume,
    counts: resume?.remaining ?? countPlannedRequests(scenario, inputs.length),
    concurrency: runConcurrency(scenario.run),
    share: options.share,
    clock,
    pacerClock,
    sleep: options.sleep ?? abortableSleep,
    random: options.random ?? Math.random,
    runSignal,
    wireEventsSource: options.wireEventsSource,
    calls,
    stageCalls,
    deadlines,
    attemptContextFor: createAttemptContexts(scenario, options, { deadlines, baseFetch, clock, runSignal, inputCount: inputs.length }),
  };
}
