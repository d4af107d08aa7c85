// A synthetic run that looks like a streaming chat run against three providers: a valid scenario and
// records in the runner's own plan order, with output text of typical length, so what the storage and
// compare-page benchmarks store and read is shaped like what a user's run stores and reads.
import { mulberry32 } from "../../../src/core/random";
import { type RequestRecord, UNMEASURED_FIELDS } from "../../../src/core/record";
import { planRequests } from "../../../src/core/run";
import { type Scenario, validateScenario } from "../../../src/core/scenario";

const TARGETS = [
  { id: "fast", ttftMs: 60, tokensPerSecond: 120 },
  { id: "steady", ttftMs: 150, tokensPerSecond: 60 },
  { id: "slow", ttftMs: 400, tokensPerSecond: 25 },
];
const INPUT_COUNT = 20;
const ERROR_RATE = 0.02;
const WORDS = "the a model answer provider token latency stream request benchmark quickly measured server response value input output chunk first last".split(" ");

export function syntheticScenario(recordCount: number): Scenario {
  const result = validateScenario({
    version: 1,
    name: "Synthetic streaming chat run",
    task: "chat-completion",
    targets: TARGETS.map((target) => ({ id: target.id, endpointUrl: `sandbox:/${target.id}/v1`, model: "synthetic" })),
    inputs: Array.from({ length: INPUT_COUNT }, (_, index) => `Question ${index + 1}: explain one idea in a few sentences.`),
    parameters: { max_tokens: 120 },
    run: { repetitions: Math.max(1, Math.ceil(recordCount / (TARGETS.length * INPUT_COUNT))), warmup: 1, concurrency: 8, stream: true },
  });
  if (!result.ok) throw new Error(`synthetic scenario is invalid: ${JSON.stringify(result.errors)}`);
  return result.scenario;
}

export function syntheticRecords(runId: string, scenario: Scenario, count: number, seed: number): RequestRecord[] {
  const random = mulberry32(seed);
  const targetsById = new Map(TARGETS.map((target) => [target.id, target]));
  const records: RequestRecord[] = [];
  let startedAt = Date.UTC(2026, 0, 1);
  for (const planned of planRequests(scenario, INPUT_COUNT)) {
    if (records.length >= count) break;
    const target = targetsById.get(planned.targetId)!;
    startedAt += random() * 20;
    const failed = random() < ERROR_RATE;
    const outputTokens = 40 + Math.floor(random() * 81);
    const ttftMs = target.ttftMs * (0.8 + random() * 0.4);
    const latencyMs = ttftMs + (outputTokens / target.tokensPerSecond) * 1000 * (0.9 + random() * 0.2);
    const output = failed ? null : Array.from({ length: outputTokens }, () => WORDS[Math.floor(random() * WORDS.length)]).join(" ");
    records.push({
      ...UNMEASURED_FIELDS,
      runId,
      ...planned,
      attempt: 1,
      startedAt: Math.round(startedAt),
      ttftMs: failed ? null : Math.round(ttftMs * 1000) / 1000,
      latencyMs: Math.round((failed ? ttftMs : latencyMs) * 1000) / 1000,
      status: failed ? "error" : "ok",
      errorKind: failed ? "http_5xx" : null,
      httpStatus: failed ? 503 : 200,
      errorMessage: failed ? "503 Service Unavailable: the provider is overloaded, try again later" : null,
      inputTokens: failed ? null : 18,
      outputTokens: failed ? null : outputTokens,
      chunkCount: failed ? 0 : outputTokens + 2,
      output,
      outputBytes: failed ? 120 : 150 * (outputTokens + 2),
    });
  }
  if (records.length < count) throw new Error(`the synthetic plan holds ${records.length} requests, fewer than ${count}`);
  return records;
}
