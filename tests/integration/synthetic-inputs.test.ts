// Prompts of exact token lengths end to end (issue 29, item 1): the bundled scenario validated, its
// prompts cut before the run and sent as they are, each request asking its answer's length, the sandbox's
// steady profile honouring min_tokens and ignore_eos and the others not, the records keeping the lengths
// asked for, and the summary's requested-against-measured figures telling the two apart.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";
import { runScenario, type RunResult } from "../../src/core/run";
import { expandInputs, formatScenarioErrors, type Scenario, validateScenario } from "../../src/core/scenario";
import { summarize } from "../../src/core/stats";
import { measuredFigures, metricsIn } from "../../src/core/metrics";
import { createHfTokenizer, loadOfflineTokenizer } from "../../src/core/workloads";
import type { RequestRecord } from "../../src/core/record";
import { tinyTokenizerJson, TINY_TOKENIZER_CONFIG } from "../unit/core/workloads/tiny-tokenizer";

const bundled = JSON.parse(readFileSync(new URL("../../scenarios/sandbox-exact-lengths.json", import.meta.url), "utf8")) as Record<string, unknown> & {
  inputs: { synthetic: Record<string, unknown> };
};

let sandbox: Sandbox;
beforeAll(async () => {
  // Time scaled down: these tests are about lengths, not timing.
  sandbox = await startSandbox({ port: 0, timeScale: 0.02 });
});
afterAll(async () => {
  await sandbox.close();
});

function exactLengths(changes: Record<string, unknown> = {}, synthetic: Record<string, unknown> = {}): Scenario {
  const result = validateScenario({ ...bundled, ...changes, inputs: { synthetic: { ...bundled.inputs.synthetic, count: 4, ...synthetic } } });
  if (!result.ok) throw new Error(formatScenarioErrors(result.errors));
  return result.scenario;
}

interface SentBody {
  messages: { role: string; content: string }[];
  max_tokens?: number;
  min_tokens?: number;
  ignore_eos?: boolean;
}

/** Runs the scenario against the sandbox, keeping every record and every request body sent. */
async function run(scenario: Scenario, readInputFile?: (path: string) => Promise<Blob>): Promise<{ records: RequestRecord[]; bodies: SentBody[]; result: RunResult }> {
  const records: RequestRecord[] = [];
  const bodies: SentBody[] = [];
  const keepBody: typeof fetch = (input, init) => {
    if (typeof init?.body === "string") bodies.push(JSON.parse(init.body) as SentBody);
    return fetch(input, init);
  };
  const result = await runScenario({ runId: "exact-lengths", scenario, sandboxUrl: sandbox.url, onRecord: (record) => records.push(record), fetch: keepBody, ...(readInputFile ? { readInputFile } : {}) });
  return { records, bodies, result };
}

describe("synthetic prompts of exact lengths against the sandbox", () => {
  it("sends prompts exactly 512 tokens long, asks 128 out, and tells the honouring profile from the others", async () => {
    const scenario = exactLengths();
    const { records, bodies, result } = await run(scenario);
    const o200k = await loadOfflineTokenizer("o200k_base");
    expect(bodies).toHaveLength(3 * 4);
    for (const body of bodies) {
      expect(body.messages).toHaveLength(1);
      expect(o200k.encode(body.messages[0]!.content)).toHaveLength(512);
      // The sandbox is vLLM-style: all three fields, the scenario's own parameters beside them.
      expect(body).toMatchObject({ max_tokens: 128, min_tokens: 128, ignore_eos: true, temperature: 0 });
    }
    // Four different prompts, each sent to every target alike.
    expect(new Set(bodies.map((body) => body.messages[0]!.content)).size).toBe(4);
    expect(result.workload).toEqual({ tokenizerId: "gpt-tokenizer:o200k_base", corpusId: "public-domain-1", prompts: 4, startRounds: 0 });

    expect(records.every((record) => record.status === "ok" && record.requestedInputTokens === 512 && record.requestedOutputTokens === 128)).toBe(true);
    const outputs = (targetId: string): (number | null)[] => records.filter((record) => record.targetId === targetId).map((record) => record.outputTokens);
    expect(outputs("steady")).toEqual([128, 128, 128, 128]);
    // fast and slow draw 40 to 120 tokens and stop there, whatever min_tokens says.
    for (const targetId of ["fast", "slow"]) for (const tokens of outputs(targetId)) expect(tokens).toBeLessThan(128);

    const rows = summarize(records, ["fast", "steady", "slow"]);
    expect(rows.map((row) => row.requestedLengths)).toEqual(
      ["fast", "steady", "slow"].map((targetId) => ({
        requestedInputTokensMean: 512,
        requestedOutputTokensMean: 128,
        // The sandbox counts a prompt's words as its tokens: fewer than the tokenizer's.
        inputTokensOverRequestedMean: expect.any(Number) as number,
        outputLengthMissShare: targetId === "steady" ? 0 : 1,
      })),
    );
    expect(rows[0]!.requestedLengths!.inputTokensOverRequestedMean!).toBeLessThan(0);
  });

  it("shows the requested lengths by default only in runs of synthetic prompts", () => {
    const synthetic = metricsIn("cli", measuredFigures(exactLengths())).map((metric) => metric.id);
    expect(synthetic).toEqual(expect.arrayContaining(["inputTokensMean", "requestedInputTokensMean", "outputTokensMean", "requestedOutputTokensMean", "outputLengthMissShare"]));
    const written = validateScenario({ ...bundled, inputs: ["Say something."] });
    if (!written.ok) throw new Error(formatScenarioErrors(written.errors));
    const plain = metricsIn("cli", measuredFigures(written.scenario)).map((metric) => metric.id);
    expect(plain.filter((id) => /requested|Requested|inputTokensMean|outputTokensMean/.test(id))).toEqual([]);
  });

  it("cuts the prompts with a tokenizer.json read like any input file, exact under it", async () => {
    const files: Record<string, unknown> = { "tok/tokenizer.json": tinyTokenizerJson(), "tok/config.json": TINY_TOKENIZER_CONFIG };
    const readInputFile = (path: string): Promise<Blob> =>
      path in files ? Promise.resolve(new Blob([JSON.stringify(files[path])])) : Promise.reject(new Error(`file not found: ${path}`));
    const scenario = exactLengths({ targets: [{ id: "steady", endpointUrl: "sandbox:/steady/v1", model: "m" }] }, { inputTokens: 64, outputTokens: 9, tokenizer: { file: "tok/tokenizer.json", config: "tok/config.json" } });
    const { records, bodies, result } = await run(scenario, readInputFile);
    const tiny = createHfTokenizer(tinyTokenizerJson(), TINY_TOKENIZER_CONFIG, { file: "tok/tokenizer.json" });
    for (const body of bodies) expect(tiny.encode(body.messages[0]!.content)).toHaveLength(64);
    expect(records.map((record) => record.outputTokens)).toEqual([9, 9, 9, 9]);
    expect(result.workload?.tokenizerId).toBe("file:tok/tokenizer.json");

    const missing = exactLengths({}, { tokenizer: { file: "tok/missing.json" } });
    await expect(run(missing, readInputFile)).rejects.toThrow("scenario inputs: inputs.synthetic.tokenizer.file: file not found: tok/missing.json");
  });

  it("counts and describes the inputs before the run, with the lengths the run then cuts", () => {
    const expanded = expandInputs(exactLengths({}, { inputTokens: { uniform: { min: 16, max: 64 } }, count: 5 }));
    if (!expanded.ok) throw new Error("expected the inputs to expand");
    expect(expanded.inputs).toHaveLength(5);
    for (const input of expanded.inputs) {
      expect(input.requestedInputTokens).toBeGreaterThanOrEqual(16);
      expect(input.prompt).toBe(`a prompt of ${input.requestedInputTokens} tokens cut from the corpus when the run starts`);
    }
  });

  it("names every mistake at its field", () => {
    const problems = (changes: Record<string, unknown>, synthetic: Record<string, unknown> = {}): string[] => {
      const result = validateScenario({ ...bundled, ...changes, inputs: { synthetic: { ...bundled.inputs.synthetic, ...synthetic } } });
      return result.ok ? [] : result.errors.map((error) => `${error.path}: ${error.message}`);
    };
    expect(problems({}, { inputTokens: 0 })).toEqual(["inputs.synthetic.inputTokens: must be at least 1"]);
    expect(problems({}, { outputTokens: undefined })).toEqual(["inputs.synthetic.outputTokens: required"]);
    expect(problems({}, { prefixTokens: 600 })[0]).toMatch(/^inputs\.synthetic\.prefixTokens: must be at most the shortest prompt/);
    expect(problems({ task: "feature-extraction", run: {} })).toEqual(["inputs.synthetic: feature-extraction does not take synthetic prompts (chat-completion and text-generation do)"]);
    expect(problems({ parameters: { max_tokens: 50, ignore_eos: true } })).toEqual([
      "parameters.max_tokens: set by inputs.synthetic.outputTokens for each request: leave it out (the record keeps the length asked for)",
      "parameters.ignore_eos: set by inputs.synthetic.outputTokens for each request: leave it out (the record keeps the length asked for)",
    ]);
    expect(problems({}, { tokenizer: { model: "Qwen/Qwen2.5-7B-Instruct" } })).toEqual([]);
    expect(problems({ targets: [{ id: "v", endpointUrl: "https://vllm.example/v1", model: "m", outputLengthFamily: "tgi" }] })).toEqual([
      "targets[0].outputLengthFamily: must be one of vllm, openai-compatible, hf-provider",
    ]);
  });
});
