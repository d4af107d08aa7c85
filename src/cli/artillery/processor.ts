// The processor of an exported Artillery test (export-command.ts): each Artillery virtual user sends one
// input to every target through ProviderBench's own runner (core/run/runner.ts, with the command line's wire
// transport), so TTFT, latency, tokens and error kinds mean exactly what they mean in a ProviderBench run.
// The figures go out as Artillery metrics (core/io/artillery-metrics.ts); with PROVIDERBENCH_RECORDS_DIR set,
// each worker also appends the records to a JSONL file of its own there. Bundled with esbuild into the
// exported test's folder (bundle-processor.ts), so the test needs nothing of this repository to run.
import { appendFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { threadId } from "node:worker_threads";
import { randomUUID } from "node:crypto";
import { ARTILLERY_REGION_PREFIX, ARTILLERY_WORKER_THREADS, artilleryCounterName, artilleryErrorKindName, artilleryHistogramName } from "../../core/io";
import { expandInputs, checkScenarioShape, formatScenarioErrors, type Scenario } from "../../core/scenario";
import type { RequestRecord } from "../../core/record";
import { addRequestOutcome, emptyRequestOutcomes, measuredAttempts, measuredRequests, type RequestOutcomes } from "../../core/stats";
import { runScenario, DEFAULT_SANDBOX_URL, targetsNeedingToken } from "../../core/run";
import { endpointKeysFromGrants, parseKeyGrant, type KeyGrant } from "../endpoint-keys";
import { recordToJsonLine } from "../record-files";
import { createWireTransport, type WireTransport } from "../transport/undici-transport";

/** What Artillery hands a `function` step: its events emitter (only `emit` is used). */
export interface ArtilleryEvents {
  emit(kind: "counter" | "histogram", name: string, value: number): unknown;
}

export interface ExportedTest {
  /** The scenario as exported (validated, defaults applied). */
  scenario: unknown;
  /** Every worker's records carry this run id, so their files join into one records file. */
  runId: string;
  /** The --key grants given to the export (`vllm=VLLM_KEY`): the only variables a worker sends. Absent in tests exported before grants. */
  keys?: unknown;
}

export interface ArtilleryProcessor {
  /** One virtual user: the next input, sent to every target. */
  providerbenchPass(context: unknown, events: ArtilleryEvents): Promise<void>;
}

export class ArtilleryProcessorProblem extends Error {}

/**
 * The scenario one virtual user runs: one repetition of one input (picked with `share`), no warm-up and
 * no load model of its own (Artillery's phases are the load), every target at once, one request each.
 */
export function passScenario(scenario: Scenario, inputCount: number): Scenario {
  const targets = scenario.targets.length;
  const { load: _load, ...run } = scenario.run;
  // Limits the share divides (core/run/run-share.ts, shareOfLimit) into exactly one request per target at once. They
  // may pass the scenario file's 1024: this scenario is never a file, and a dataset of 5,000 inputs still
  // leaves every share its own requests.
  return { ...scenario, run: { ...run, repetitions: 1, warmup: 0, concurrency: targets * inputCount, perTargetConcurrency: inputCount } };
}

export function createArtilleryProcessor(exported: ExportedTest, env: Record<string, string | undefined> = process.env): ArtilleryProcessor {
  const checked = checkScenarioShape(exported.scenario);
  if (!checked.ok) throw new ArtilleryProcessorProblem(`the exported scenario is not valid: ${formatScenarioErrors(checked.errors)}`);
  const scenario = checked.scenario;
  const expanded = expandInputs(scenario);
  if (!expanded.ok) throw new ArtilleryProcessorProblem(`the exported scenario's inputs: ${formatScenarioErrors(expanded.errors)}`);
  const inputCount = expanded.inputs.length;
  const pass = passScenario(scenario, inputCount);
  const accessToken = env.HF_TOKEN?.trim() || undefined;
  const needToken = targetsNeedingToken(scenario);
  if (needToken.length > 0 && accessToken === undefined) {
    throw new ArtilleryProcessorProblem(`targets ${needToken.map((target) => target.id).join(", ")} call Hugging Face providers and need a token: set HF_TOKEN in the workers' environment`);
  }
  const sandboxUrl = env.PROVIDERBENCH_SANDBOX_URL ?? DEFAULT_SANDBOX_URL;
  const keys = endpointKeysFromGrants(scenario, exportedGrants(exported.keys), env, sandboxUrl);
  if (!keys.ok) throw new ArtilleryProcessorProblem(`${keys.message}\n(give --key to export artillery, and export the test again)`);
  const recordsDir = env.PROVIDERBENCH_RECORDS_DIR?.trim() || null;
  // Lambda and Fargate set AWS_REGION; run-lambda's report does not name its region otherwise.
  const region = env.AWS_REGION?.trim() || null;
  // One file per worker (a thread of one machine, or one of many machines): no two writers share a file.
  const recordsFile = recordsDir === null ? null : join(recordsDir, `records-${threadId}-${randomUUID()}.jsonl`);
  let recordsDirReady: Promise<unknown> | null = null;
  // Connections are kept between virtual users, as a ProviderBench run keeps them between requests; no
  // bound per origin, so no request waits for a connection inside the transport (that wait would count as the provider's).
  let transport: WireTransport | null = null;
  // Workers start at different inputs, so a short test still reaches every input.
  let nextInput = Math.floor(Math.random() * inputCount);
  // A pass's requests share one repetition number, so targets pair on (input, repetition) as in a run;
  // passes of one worker count up from a random base (2^31 bases, 2^20 passes each), so passes of
  // different workers, which cannot agree on numbers, almost surely never share one.
  const repetitionBase = Math.floor(Math.random() * 2 ** 31) * 2 ** 20;
  let passSerial = 0;

  async function writeRecords(records: readonly RequestRecord[]): Promise<void> {
    if (recordsFile === null || records.length === 0) return;
    recordsDirReady ??= mkdir(recordsDir!, { recursive: true });
    await recordsDirReady;
    await appendFile(recordsFile, records.map(recordToJsonLine).join(""));
  }

  return {
    async providerbenchPass(_context, events) {
      if (transport === null) {
        transport = createWireTransport({ connectionsPerOrigin: null });
        // This thread's first virtual user: say where it runs, once.
        events.emit("counter", ARTILLERY_WORKER_THREADS, 1);
        if (region !== null) events.emit("counter", `${ARTILLERY_REGION_PREFIX}${region}`, 1);
      }
      const inputIndex = nextInput;
      nextInput = (nextInput + 1) % inputCount;
      const repetition = repetitionBase + (passSerial++ % 2 ** 20);
      const records: RequestRecord[] = [];
      await runScenario({
        runId: exported.runId,
        scenario: pass,
        accessToken,
        endpointKeys: keys.keys,
        sandboxUrl,
        fetch: transport.fetch,
        // The share whose requests are this input's (sequence = input index with one repetition).
        share: { index: inputIndex, count: inputCount },
        onRecord: (record) => records.push({ ...record, repetition }),
      });
      emitMetrics(records, events);
      await writeRecords(records);
    },
  };
}

/** The grants written by the export, read as the command line reads --key: anything else in their place grants nothing. */
function exportedGrants(keys: unknown): KeyGrant[] {
  if (keys === undefined) return [];
  if (!Array.isArray(keys)) throw new ArtilleryProcessorProblem("the exported test's keys must be a list of target=VARIABLE grants");
  return keys.map((text) => {
    const grant = typeof text === "string" ? parseKeyGrant(text) : { error: "the exported test's keys must be a list of target=VARIABLE grants" };
    if ("error" in grant) throw new ArtilleryProcessorProblem(grant.error);
    return grant;
  });
}

/**
 * Per target, the requests counted exactly as the summary counts them (core/stats/request-outcomes.ts: a
 * request's outcome is its last attempt's; aborted and dropped ones are no request), and the
 * distributions' values of the successful ones. Error kinds are counted per failed attempt.
 */
export function emitMetrics(records: readonly RequestRecord[], events: ArtilleryEvents): void {
  const outcomes = new Map<string, RequestOutcomes>();
  for (const record of records) {
    if (record.warmup) continue;
    const { targetId } = record;
    let counted = outcomes.get(targetId);
    if (counted === undefined) outcomes.set(targetId, (counted = emptyRequestOutcomes()));
    addRequestOutcome(counted, record);
    if (record.status === "ok") {
      events.emit("histogram", artilleryHistogramName(targetId, "latencyMs"), record.latencyMs);
      if (record.ttftMs !== null) events.emit("histogram", artilleryHistogramName(targetId, "ttftMs"), record.ttftMs);
      if (record.outputTokens !== null) events.emit("histogram", artilleryHistogramName(targetId, "outputTokens"), record.outputTokens);
      if (record.inputTokens !== null) events.emit("histogram", artilleryHistogramName(targetId, "inputTokens"), record.inputTokens);
    } else if (record.errorKind !== "aborted" && record.errorKind !== "dropped") {
      events.emit("counter", artilleryErrorKindName(targetId, record.errorKind ?? "network"), 1);
    }
  }
  for (const [targetId, counted] of outcomes) {
    const figures: [Parameters<typeof artilleryCounterName>[1], number][] = [
      ["requests", measuredRequests(counted)],
      ["ok", counted.okRequests],
      ["errors", counted.failedRequests],
      ["attempts", measuredAttempts(counted)],
    ];
    // A counter never incremented is absent from the report: zero errors still appear, as 0.
    for (const [counter, value] of figures) events.emit("counter", artilleryCounterName(targetId, counter), value);
  }
}
