// The bundled mixed-API scenarios run in this process against the sandbox (docs/endpoint-apis.md): an HF
// task route, an OpenAI-compatible server and TEI answer the same inputs on their own routes, and the run
// gives one agreement table across them. No timing is asserted here.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";
import { runScenario } from "../../src/core/run";
import { validateScenario } from "../../src/core/scenario";
import { AgreementAccumulator, agreementToJson } from "../../src/core/agreement";
import type { RequestRecord } from "../../src/core/record";
import { SummaryAccumulator } from "../../src/core/stats";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, timeScale: 0.05 });
});
afterAll(async () => {
  await sandbox.close();
});

const scenarioFolder = new URL("../../scenarios/", import.meta.url);

interface Sent {
  path: string;
  contentType: string | null;
  body: string;
}

/** Runs a bundled scenario, keeping every request the sandbox was sent (route and body). */
async function runBundled(file: string): Promise<{ records: RequestRecord[]; sent: Sent[]; targetIds: string[]; task: string }> {
  return runInSandbox(JSON.parse(readFileSync(new URL(file, scenarioFolder), "utf8")), file);
}

async function runInSandbox(scenario: unknown, file: string): Promise<{ records: RequestRecord[]; sent: Sent[]; targetIds: string[]; task: string }> {
  const validated = validateScenario(scenario);
  if (!validated.ok) throw new Error(JSON.stringify(validated.errors));
  const sent: Sent[] = [];
  const keepingFetch: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === "string" ? init.body : init?.body instanceof Uint8Array ? new TextDecoder("latin1").decode(init.body) : "[binary]";
    sent.push({ path: url.pathname, contentType: headers.get("content-type"), body });
    return fetch(input, init);
  };
  const records: RequestRecord[] = [];
  await runScenario({
    runId: file,
    scenario: validated.scenario,
    sandboxUrl: sandbox.url,
    fetch: keepingFetch,
    readInputFile: async (path) => new Blob([readFileSync(new URL(path, scenarioFolder))], { type: "audio/wav" }),
    onRecord: (record) => records.push(record),
  });
  return { records, sent, targetIds: validated.scenario.targets.map((target) => target.id), task: validated.scenario.task };
}

function agreementTable(task: string, records: readonly RequestRecord[], targetIds: string[]) {
  const agreement = new AgreementAccumulator(task);
  for (const record of records) agreement.add(record);
  return agreementToJson(agreement.result(targetIds));
}

describe("sandbox-embeddings-apis.json: HF task route, OpenAI-compatible, TEI", () => {
  it("each target is sent its API's request on its route, and the three agree as one cosine table", async () => {
    const { records, sent, targetIds, task } = await runBundled("sandbox-embeddings-apis.json");
    expect(records.every((record) => record.status === "ok")).toBe(true);
    const shapes = Object.fromEntries(records.map((record) => [record.targetId, record.answerShape]));
    expect(shapes).toEqual({ "hf-route": "hf.feature-extraction", openai: "openai.embeddings", tei: "tei.embed" });

    const first = (path: string) => sent.find((request) => request.path === path);
    expect(new Set(sent.map((request) => request.path))).toEqual(new Set(["/fast/pipeline/feature-extraction", "/steady/v1/embeddings", "/slow/embed"]));
    expect(JSON.parse(first("/fast/pipeline/feature-extraction")!.body)).toEqual({ inputs: "Benchmarks should measure what users feel." });
    expect(JSON.parse(first("/steady/v1/embeddings")!.body)).toEqual({ input: "Benchmarks should measure what users feel.", model: "sandbox-embed", encoding_format: "float" });
    expect(JSON.parse(first("/slow/embed")!.body)).toEqual({ inputs: "Benchmarks should measure what users feel." });

    // One vector per record whatever the answer's shape (the sandbox answers TEI's /embed with [[…]]).
    for (const record of records) expect(record.outputValue).toEqual(expect.arrayContaining([expect.any(Number)]));
    const table = agreementTable(task, records, targetIds);
    expect(table.map((measure) => measure.id)).toEqual(["agreementCosine"]);
    const pairs = table[0]!.pairs;
    expect(pairs.map((pair) => [pair.referenceId, pair.otherId, pair.inputs])).toEqual([
      ["hf-route", "openai", 3],
      ["hf-route", "tei", 3],
      ["openai", "tei", 3],
    ]);
    // The sandbox's vectors are the same for the same text on every profile: the three APIs agree fully.
    for (const pair of pairs) expect(pair.value).toBeCloseTo(1, 6);
  });
});

describe("sandbox-speech-recognition-apis.json: HF task route against a whisper-style server", () => {
  it("the whisper target is sent a multipart form on /v1/audio/transcriptions, and both transcripts compare by word error rate", async () => {
    const { records, sent, targetIds, task } = await runBundled("sandbox-speech-recognition-apis.json");
    expect(records.every((record) => record.status === "ok")).toBe(true);
    expect(new Set(records.map((record) => `${record.targetId} ${record.answerShape}`))).toEqual(new Set(["hf-route hf.automatic-speech-recognition", "whisper openai.transcription"]));
    const whisper = sent.filter((request) => request.path === "/steady/v1/audio/transcriptions");
    expect(whisper.length).toBeGreaterThan(0);
    expect(whisper[0]!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(whisper[0]!.body).toContain('name="model"\r\n\r\nsandbox-whisper\r\n');
    expect(whisper[0]!.body).toContain('name="file"; filename="audio.wav"\r\nContent-Type: audio/wav\r\n\r\nRIFF');
    // The HF route gets the recording itself, as the library sends it.
    expect(sent.filter((request) => request.path === "/fast/pipeline/automatic-speech-recognition").every((request) => request.body === "[binary]")).toBe(true);

    const table = agreementTable(task, records, targetIds);
    const wer = table.find((measure) => measure.id === "agreementWordErrorRate");
    expect(wer?.pairs.find((pair) => pair.referenceId === "hf-route" && pair.otherId === "whisper")).toMatchObject({ inputs: 3 });
    // Two profiles of different noise hear the same recordings a little differently, not wholly.
    const value = wer!.pairs.find((pair) => pair.referenceId === "hf-route")!.value!;
    expect(value).toBeGreaterThan(0);
    expect(value).toBeLessThan(0.5);
  });
});

describe("the sandbox's own-API routes refuse what their servers refuse", () => {
  it("TEI's /embed needs inputs; the transcription form needs a file, a model and a json answer", async () => {
    const post = (path: string, init: RequestInit) => fetch(`${sandbox.url}${path}`, { method: "POST", ...init });
    const embed = await post("/fast/embed", { headers: { "content-type": "application/json" }, body: JSON.stringify({ input: "x" }) });
    expect(embed.status).toBe(400);
    expect(JSON.stringify(await embed.json())).toContain("inputs");
    const form = new FormData();
    form.append("model", "m");
    const noFile = await post("/fast/v1/audio/transcriptions", { body: form });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as { error: string }).error).toContain("'file'");
    form.append("file", new Blob([new Uint8Array([1, 2])], { type: "audio/wav" }), "a.wav");
    form.append("response_format", "srt");
    const srt = await post("/fast/v1/audio/transcriptions", { body: form });
    expect(srt.status).toBe(400);
    expect(((await srt.json()) as { error: string }).error).toContain("response_format");
  });
});

describe("sandbox-text-classification-apis.json: HF task route, the inference toolkit, TEI's /predict", () => {
  it("each target is sent its API's request on its route, each answer shape is read into one label list, and the three agree as one table", async () => {
    const { records, sent, targetIds, task } = await runBundled("sandbox-text-classification-apis.json");
    expect(records.every((record) => record.status === "ok")).toBe(true);
    expect(new Set(records.map((record) => `${record.targetId} ${record.answerShape ?? "-"}`))).toEqual(new Set(["hf-route -", "toolkit hf-toolkit.text-classification", "tei tei.predict"]));
    expect(new Set(sent.map((request) => request.path))).toEqual(new Set(["/fast/pipeline/text-classification", "/steady/toolkit/text-classification", "/slow/predict"]));
    const text = "The new release is fast and a pleasure to use.";
    for (const path of ["/steady/toolkit/text-classification", "/slow/predict"]) expect(JSON.parse(sent.find((request) => request.path === path)!.body)).toEqual({ inputs: text });
    // The same list of labels with scores in every record, whichever shape it came in.
    for (const record of records) expect(record.outputValue).toEqual([expect.objectContaining({ label: expect.any(String), score: expect.any(Number) }), expect.anything()]);

    const table = agreementTable(task, records, targetIds);
    const topLabel = table.find((measure) => measure.id === "agreementTop1");
    expect(topLabel?.pairs.map((pair) => [pair.referenceId, pair.otherId, pair.inputs])).toEqual([
      ["hf-route", "toolkit", 3],
      ["hf-route", "tei", 3],
      ["toolkit", "tei", 3],
    ]);
  });

  it("the toolkit's sandbox answers zero-shot in the pipeline's { sequence, labels, scores }, and a name it does not serve is a 404", async () => {
    const post = (path: string, body: unknown) => fetch(`${sandbox.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const zeroShot = await post("/fast/toolkit/zero-shot-classification", { inputs: "I want my money back.", parameters: { candidate_labels: ["refund", "praise"] } });
    expect(zeroShot.status).toBe(200);
    expect(await zeroShot.json()).toEqual({ sequence: "I want my money back.", labels: expect.arrayContaining(["refund", "praise"]), scores: [expect.any(Number), expect.any(Number)] });
    const similarity = await post("/fast/toolkit/sentence-similarity", { inputs: { source_sentence: "A cat sleeps.", sentences: ["A kitten naps."] } });
    expect(await similarity.json()).toEqual({ similarities: [expect.any(Number)] });
    const unknown = await post("/fast/toolkit/text-to-image", { inputs: "a cat" });
    expect(unknown.status).toBe(404);
    const generation = await post("/fast/toolkit/text-generation", { inputs: "Once upon a time", parameters: { return_full_text: false, max_new_tokens: 8 } });
    expect(await generation.json()).toEqual([{ generated_text: expect.any(String) }]);
  });
});

describe("the sandbox's OpenAI image and speech routes", () => {
  const both = (task: string, input: string) => ({
    version: 1,
    name: task,
    task,
    targets: [
      { id: "hf-route", endpointUrl: `sandbox:/fast/pipeline/${task}`, model: "sandbox" },
      { id: "openai", endpointUrl: "sandbox:/steady/v1", api: "openai", model: "sandbox" },
    ],
    inputs: [input],
    run: { repetitions: 1, warmup: 0, concurrency: 2 },
  });

  it("text to image: /v1/images/generations gets { model, prompt, n } and answers b64_json, kept as the task route's PNG is", async () => {
    const { records, sent } = await runInSandbox(both("text-to-image", "A lighthouse at dusk"), "images");
    expect(records.map((record) => [record.targetId, record.status, record.answerShape ?? "-", record.outputImages])).toEqual(
      expect.arrayContaining([
        ["hf-route", "ok", "-", 1],
        ["openai", "ok", "openai.images.b64_json", 1],
      ]),
    );
    const images = sent.find((request) => request.path === "/steady/v1/images/generations")!;
    expect(JSON.parse(images.body)).toEqual({ model: "sandbox", prompt: "A lighthouse at dusk", n: 1 });
    for (const record of records) expect(record.output).toMatch(/^image\/png \d+×\d+$/);
  });

  it("text to speech: /v1/audio/speech gets { model, input, voice, response_format } and answers the WAV itself", async () => {
    const { records, sent } = await runInSandbox(both("text-to-speech", "The next train leaves at nine."), "speech");
    expect(records.every((record) => record.status === "ok" && (record.outputAudioSeconds ?? 0) > 0)).toBe(true);
    expect(records.find((record) => record.targetId === "openai")?.answerShape).toBe("openai.speech");
    const speech = sent.find((request) => request.path === "/steady/v1/audio/speech")!;
    expect(JSON.parse(speech.body)).toEqual({ voice: "alloy", response_format: "wav", model: "sandbox", input: "The next train leaves at nine." });
  });
});

describe("sandbox-text-ranking-apis.json: the toolkit's sentence-ranking, TEI's /rerank, OpenAI-style /v1/rerank", () => {
  it("each target is sent its API's request, each answer is read into one score per document, and the rankings compare by NDCG", async () => {
    const { records, sent, targetIds, task } = await runBundled("sandbox-text-ranking-apis.json");
    expect(records.every((record) => record.status === "ok")).toBe(true);
    expect(new Set(records.map((record) => `${record.targetId} ${record.answerShape}`))).toEqual(new Set(["toolkit hf-toolkit.sentence-ranking", "tei tei.rerank", "openai openai.rerank"]));
    const first = (path: string) => JSON.parse(sent.find((request) => request.path === path)!.body) as unknown;
    const query = "How do I measure tail latency?";
    const documents = ["Tail latency is measured by high percentiles such as p99.", "Bananas are rich in potassium.", "Measure latency per request and report p50 and p99.", "The meeting moved to Thursday."];
    expect(first("/fast/pipeline/text-ranking")).toEqual({ inputs: { query, texts: documents } });
    expect(first("/steady/rerank")).toEqual({ query, texts: documents, return_text: false });
    expect(first("/slow/v1/rerank")).toEqual({ model: "sandbox-reranker", query, documents, top_n: 4, return_documents: false });
    // One score per document, in the input's order, whatever the API's order and names.
    for (const record of records) expect((record.outputValue as number[]).length).toBe(record.inputIndex === 1 ? 3 : 4);

    const table = agreementTable(task, records, targetIds);
    const ndcg = table.find((measure) => measure.id === "agreementNdcg");
    expect(ndcg?.pairs).toHaveLength(6);
    for (const pair of ndcg!.pairs) {
      expect(pair.inputs).toBe(4);
      expect(pair.value).toBeGreaterThan(0.8);
      expect(pair.value).toBeLessThanOrEqual(1);
    }
    // The relevant documents lead every target's ranking: the sandbox's reranker reads the words.
    const tei = records.find((record) => record.targetId === "tei" && record.inputIndex === 0)!.outputValue as number[];
    expect(tei[1]).toBeLessThan(tei[0]!);

    // The inputs' relevance labels score every answer (docs/metrics.md "Ranking quality"): the coffee
    // shop's review shares the query's words, so a reranker that reads words ranks it above the answer.
    const measured = records.filter((record) => !record.warmup);
    for (const record of measured) expect(record.relevanceNdcg).toBeGreaterThanOrEqual(record.inputIndex === 3 ? 0 : 0.85);
    for (const record of measured.filter((each) => each.inputIndex === 3)) expect(record.relevanceNdcg).toBeLessThan(0.6);
    const accumulator = new SummaryAccumulator(undefined, { task });
    for (const record of records) accumulator.add(record);
    for (const row of accumulator.summarize(targetIds)) {
      // 4 inputs × 3 repetitions: enough answers for the mean's interval.
      expect(row.relevanceNdcg?.count).toBe(12);
      expect(row.relevanceNdcg?.mean).toBeGreaterThan(0.7);
      expect(row.relevanceNdcg?.mean).toBeLessThan(0.9);
      expect(row.relevanceNdcg?.ci95.mean.low).toBeLessThan(row.relevanceNdcg!.mean!);
    }
  });
});

describe("the sandbox's vLLM-style /v1/score", () => {
  it("scores the source against each sentence, answered as ScoreResponse and read into the task route's scores", async () => {
    const scenario = {
      version: 1,
      name: "score",
      task: "sentence-similarity",
      targets: [
        { id: "hf-route", endpointUrl: "sandbox:/steady/pipeline/sentence-similarity", model: "sandbox" },
        { id: "score", endpointUrl: "sandbox:/steady/v1", api: "openai", model: "sandbox" },
      ],
      inputs: [{ source_sentence: "A cat sleeps on the sofa.", sentences: ["A cat naps on the sofa.", "Stocks fell sharply."] }],
      run: { repetitions: 1, warmup: 0, concurrency: 2 },
    };
    const { records, sent } = await runInSandbox(scenario, "score");
    expect(records.every((record) => record.status === "ok")).toBe(true);
    expect(records.find((record) => record.targetId === "score")?.answerShape).toBe("openai.score");
    expect(JSON.parse(sent.find((request) => request.path === "/steady/v1/score")!.body)).toEqual({ model: "sandbox", text_1: "A cat sleeps on the sofa.", text_2: ["A cat naps on the sofa.", "Stocks fell sharply."] });
    // The same profile scores the same sentences alike through either route.
    const [a, b] = ["hf-route", "score"].map((id) => records.find((record) => record.targetId === id)!.outputValue);
    expect(b).toEqual(a);
  });
});
