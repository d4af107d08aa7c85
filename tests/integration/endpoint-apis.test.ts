// Endpoint targets that speak a server's own API (docs/endpoint-apis.md), with msw: the route and body each
// API receives, its documented answer read into the same record as the library's (tests/fixtures/endpoint-apis/),
// malformed answers classified bad_response with the field named, HTTP errors in the library's words.
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setupServer } from "msw/node";
import { http, HttpResponse } from "msw";
import { runScenario } from "../../src/core/run";
import { validateScenario } from "../../src/core/scenario";
import type { RequestRecord } from "../../src/core/record";

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../fixtures/endpoint-apis/${name}`, import.meta.url), "utf8"));
const OPENAI_EMBEDDINGS = fixture("openai-embeddings.json") as { data: { embedding: number[] }[] };
const TEI_EMBED = fixture("tei-embed.json") as number[][];
const TRANSCRIPTION = fixture("openai-transcription.json") as { text: string };
const TEI_PREDICT = fixture("tei-predict.json") as { label: string; score: number }[];
const RERANK = fixture("rerank.json") as { tei: unknown; openai: unknown; toolkit: unknown; scores: number[] };
const RANKING_INPUT = { query: "Why use a reranker?", documents: ["Rerankers reorder documents.", "The cat sleeps.", "A reranker scores each document against the query."] };
const OPENAI_IMAGES = fixture("openai-images.json") as { data: { b64_json: string }[] };
const PNG_BYTES = Uint8Array.from(atob(OPENAI_IMAGES.data[0]!.b64_json), (char) => char.charCodeAt(0));

/** A WAV file of `samples` silent 16-bit mono samples at 8 kHz (what /audio/speech answers with when asked for wav). */
function wavFile(samples: number): Uint8Array {
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string) => [...value].forEach((char, index) => view.setUint8(offset + index, char.charCodeAt(0)));
  text(0, "RIFF");
  view.setUint32(4, 36 + samples * 2, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 8000, true);
  view.setUint32(28, 16000, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, "data");
  view.setUint32(40, samples * 2, true);
  return bytes;
}
const WAV_BYTES = new Uint8Array([82, 73, 70, 70, 36, 0, 0, 0, 87, 65, 86, 69, 1, 2, 3]);
const KEY = "sk-endpoint-sentinel-key-42";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

interface Seen {
  url: string;
  contentType: string | null;
  authorization: string | null;
  request: Request;
}

/** Answers POSTs to `url` with `respond`, keeping each request. */
function answer(url: string, respond: () => Response): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.post(url, ({ request }) => {
      seen.push({ url: request.url, contentType: request.headers.get("content-type"), authorization: request.headers.get("authorization"), request: request.clone() });
      return respond();
    }),
  );
  return seen;
}

async function runOne(task: string, target: Record<string, unknown>, input: unknown, parameters: Record<string, unknown> = {}): Promise<RequestRecord> {
  const validated = validateScenario({ version: 1, name: task, task, targets: [{ id: "t", model: "acme/model", ...target }], inputs: [input], parameters });
  if (!validated.ok) throw new Error(JSON.stringify(validated.errors));
  const records: RequestRecord[] = [];
  await runScenario({
    runId: "r",
    scenario: validated.scenario,
    endpointKeys: { byTarget: { t: KEY } },
    readInputFile: async () => new Blob([WAV_BYTES], { type: "audio/wav" }),
    onRecord: (record) => records.push(record),
    sleep: async () => {},
  });
  expect(records).toHaveLength(1);
  return records[0]!;
}

describe("feature extraction, OpenAI-compatible /v1/embeddings", () => {
  it("posts { input, model, encoding_format: float } with the parameters, and keeps data[0].embedding", async () => {
    const seen = answer("https://vllm.test/v1/embeddings", () => HttpResponse.json(OPENAI_EMBEDDINGS));
    const record = await runOne("feature-extraction", { endpointUrl: "https://vllm.test/v1", api: "openai" }, "Embeddings map text to vectors.", { dimensions: 8 });
    expect(record).toMatchObject({ status: "ok", errorMessage: null, answerShape: "openai.embeddings", inputTokens: 8, outputTokens: null });
    expect(record.outputValue).toEqual(OPENAI_EMBEDDINGS.data[0]!.embedding);
    expect(record.output).toMatch(/^shape=8 \[0\.002306, /);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.contentType).toBe("application/json");
    expect(seen[0]!.authorization).toBe(`Bearer ${KEY}`);
    expect(await seen[0]!.request.json()).toEqual({ dimensions: 8, input: "Embeddings map text to vectors.", model: "acme/model", encoding_format: "float" });
  });

  it("reads the vector listed with index 0 wherever the server put it", async () => {
    const vector = OPENAI_EMBEDDINGS.data[0]!.embedding;
    answer("https://vllm.test/v1/embeddings", () => HttpResponse.json({ data: [{ index: 1, embedding: [9, 9] }, { index: 0, embedding: vector }] }));
    const record = await runOne("feature-extraction", { endpointUrl: "https://vllm.test/v1", api: "openai" }, "x");
    expect(record.outputValue).toEqual(vector);
    expect(record.inputTokens).toBeNull();
  });
});

describe("feature extraction, Text Embeddings Inference /embed", () => {
  it("posts { inputs } (no model: TEI serves one) to /embed, and keeps the one row of [[…]]", async () => {
    const seen = answer("https://tei.test/embed", () => HttpResponse.json(TEI_EMBED));
    const record = await runOne("feature-extraction", { endpointUrl: "https://tei.test/", api: "tei" }, "Embeddings map text to vectors.", { normalize: true, truncate: true });
    expect(record).toMatchObject({ status: "ok", answerShape: "tei.embed", inputTokens: null });
    // The same vector as the OpenAI answer's: one shape in the record whichever API answered.
    expect(record.outputValue).toEqual(TEI_EMBED[0]);
    expect(record.outputValue).toEqual(OPENAI_EMBEDDINGS.data[0]!.embedding);
    expect(seen[0]!.authorization).toBe(`Bearer ${KEY}`);
    expect(await seen[0]!.request.json()).toEqual({ normalize: true, truncate: true, inputs: "Embeddings map text to vectors." });
  });
});

describe("speech recognition, OpenAI-compatible /v1/audio/transcriptions", () => {
  it("posts a multipart form (file with its name and type, model, response_format json, the parameters) and keeps the text", async () => {
    const seen = answer("https://whisper.test/v1/audio/transcriptions", () => HttpResponse.json(TRANSCRIPTION));
    const record = await runOne("automatic-speech-recognition", { endpointUrl: "https://whisper.test/v1", api: "openai" }, { file: "station.wav" }, { language: "en", temperature: 0 });
    expect(record).toMatchObject({ status: "ok", answerShape: "openai.transcription", output: TRANSCRIPTION.text, outputValue: null, tokensEstimated: true });
    expect(seen[0]!.contentType).toMatch(/^multipart\/form-data; boundary=providerbench-[0-9a-f]{24}$/);
    expect(seen[0]!.authorization).toBe(`Bearer ${KEY}`);
    const form = await seen[0]!.request.formData();
    expect([...form.keys()]).toEqual(["language", "temperature", "file", "model", "response_format"]);
    const file = form.get("file") as File;
    expect(file.name).toBe("audio.wav");
    expect(file.type).toBe("audio/wav");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(WAV_BYTES);
    expect([form.get("model"), form.get("response_format"), form.get("language"), form.get("temperature")]).toEqual(["acme/model", "json", "en", "0"]);
  });
});

describe("text classification, Text Embeddings Inference /predict", () => {
  it("posts { inputs } with TEI's options to /predict, and keeps the labels of [{ score, label }]", async () => {
    const seen = answer("https://tei.test/predict", () => HttpResponse.json(TEI_PREDICT));
    const record = await runOne("text-classification", { endpointUrl: "https://tei.test", api: "tei" }, "Fast and pleasant.", { raw_scores: false, truncate: true });
    expect(record).toMatchObject({ status: "ok", answerShape: "tei.predict", output: "POSITIVE 1.00", outputValue: TEI_PREDICT });
    expect(seen[0]!.authorization).toBe(`Bearer ${KEY}`);
    expect(await seen[0]!.request.json()).toEqual({ raw_scores: false, truncate: true, inputs: "Fast and pleasant." });
  });

  it("reads a batch's [[…]] as its first input's labels, and names the shape", async () => {
    answer("https://tei.test/predict", () => HttpResponse.json([TEI_PREDICT]));
    const record = await runOne("text-classification", { endpointUrl: "https://tei.test", api: "tei" }, "x");
    expect(record).toMatchObject({ status: "ok", answerShape: "tei.predict[list]", outputValue: TEI_PREDICT });
  });
});

describe("text to image, OpenAI-compatible /v1/images/generations", () => {
  it("posts { model, prompt, n: 1 } with the parameters, and keeps the b64_json image by reference", async () => {
    const seen = answer("https://images.test/v1/images/generations", () => HttpResponse.json(OPENAI_IMAGES));
    const record = await runOne("text-to-image", { endpointUrl: "https://images.test/v1", api: "openai" }, "A lighthouse at dusk", { size: "1024x1024", response_format: "b64_json" });
    expect(record).toMatchObject({ status: "ok", answerShape: "openai.images.b64_json", outputImages: 1 });
    expect(record.outputValue).toMatchObject({ mime: "image/png", bytes: PNG_BYTES.length });
    expect(record.output).toBe("image/png 1×1");
    expect(await seen[0]!.request.json()).toEqual({ size: "1024x1024", response_format: "b64_json", model: "acme/model", prompt: "A lighthouse at dusk", n: 1 });
  });

  it("fetches a url answer through the run's transport, from the origin that answered", async () => {
    answer("https://images.test/v1/images/generations", () => HttpResponse.json({ created: 1, data: [{ url: "https://images.test/files/lighthouse.png" }] }));
    server.use(http.get("https://images.test/files/lighthouse.png", () => new HttpResponse(PNG_BYTES, { headers: { "content-type": "image/png" } })));
    const record = await runOne("text-to-image", { endpointUrl: "https://images.test/v1", api: "openai" }, "A lighthouse at dusk");
    expect(record).toMatchObject({ status: "ok", answerShape: "openai.images.url", output: "image/png 1×1" });
  });

  it("refuses a url at another origin, naming it, before any byte is asked for", async () => {
    answer("https://images.test/v1/images/generations", () => HttpResponse.json({ created: 1, data: [{ url: "https://elsewhere.test/a.png" }] }));
    const record = await runOne("text-to-image", { endpointUrl: "https://images.test/v1", api: "openai" }, "A lighthouse at dusk");
    expect(record.status).toBe("error");
    expect(record.errorMessage).toContain("another host than images.test");
  });
});

describe("text to speech, OpenAI-compatible /v1/audio/speech", () => {
  it("posts { model, input, voice, response_format: wav } and keeps the audio by reference, its seconds measured", async () => {
    const seen = answer("https://tts.test/v1/audio/speech", () => new HttpResponse(wavFile(8000), { headers: { "content-type": "audio/wav" } }));
    const record = await runOne("text-to-speech", { endpointUrl: "https://tts.test/v1", api: "openai" }, "The next train leaves at nine.", { speed: 1.2 });
    expect(record).toMatchObject({ status: "ok", answerShape: "openai.speech", outputAudioSeconds: 1 });
    expect(record.outputValue).toMatchObject({ mime: "audio/wav" });
    expect(await seen[0]!.request.json()).toEqual({ speed: 1.2, voice: "alloy", response_format: "wav", model: "acme/model", input: "The next train leaves at nine." });
  });

  it("a JSON answer where the audio should be is a bad_response that says what it was", async () => {
    answer("https://tts.test/v1/audio/speech", () => HttpResponse.json({ audio: "…" }));
    const record = await runOne("text-to-speech", { endpointUrl: "https://tts.test/v1", api: "openai" }, "x");
    expect(record).toMatchObject({ status: "error", errorKind: "bad_response" });
    expect(record.errorMessage).toContain("the answer is application/json, not the file /audio/speech answers with");
  });
});

describe("text ranking in each API", () => {
  it("TEI: posts { query, texts } to /rerank and keeps one score per document, in the documents' order", async () => {
    const seen = answer("https://tei.test/rerank", () => HttpResponse.json(RERANK.tei as never));
    const record = await runOne("text-ranking", { endpointUrl: "https://tei.test", api: "tei" }, RANKING_INPUT, { truncate: true });
    expect(record).toMatchObject({ status: "ok", answerShape: "tei.rerank", outputValue: RERANK.scores, output: "best #3 0.94 of 3" });
    expect(await seen[0]!.request.json()).toEqual({ truncate: true, query: RANKING_INPUT.query, texts: RANKING_INPUT.documents, return_text: false });
  });

  it("OpenAI-compatible: posts { model, query, documents, top_n: all } to /v1/rerank and reads results[].relevance_score", async () => {
    const seen = answer("https://vllm.test/v1/rerank", () => HttpResponse.json(RERANK.openai as never));
    const record = await runOne("text-ranking", { endpointUrl: "https://vllm.test/v1", api: "openai" }, RANKING_INPUT);
    expect(record).toMatchObject({ status: "ok", answerShape: "openai.rerank", outputValue: RERANK.scores });
    expect(await seen[0]!.request.json()).toEqual({ model: "acme/model", query: RANKING_INPUT.query, documents: RANKING_INPUT.documents, top_n: 3, return_documents: false });
  });

  it("default: the inference toolkit's sentence-ranking { inputs: { query, texts } } at the URL as given, { scores } read", async () => {
    const seen = answer("https://ie.test/", () => HttpResponse.json(RERANK.toolkit as never));
    const record = await runOne("text-ranking", { endpointUrl: "https://ie.test/" }, RANKING_INPUT);
    expect(record).toMatchObject({ status: "ok", answerShape: "hf-toolkit.sentence-ranking", outputValue: RERANK.scores });
    expect(await seen[0]!.request.json()).toEqual({ inputs: { query: RANKING_INPUT.query, texts: RANKING_INPUT.documents } });
  });

  it("hf-toolkit: the same request, a target saying it speaks the toolkit", async () => {
    const seen = answer("https://ie.test/", () => HttpResponse.json(RERANK.toolkit as never));
    const record = await runOne("text-ranking", { endpointUrl: "https://ie.test/", api: "hf-toolkit" }, RANKING_INPUT, { return_documents: false });
    expect(record).toMatchObject({ status: "ok", answerShape: "hf-toolkit.sentence-ranking", outputValue: RERANK.scores });
    expect(await seen[0]!.request.json()).toEqual({ inputs: { query: RANKING_INPUT.query, texts: RANKING_INPUT.documents }, parameters: { return_documents: false } });
  });

  it("a document the answer left out has no score (null), the others keep theirs", async () => {
    answer("https://tei.test/rerank", () => HttpResponse.json([{ index: 2, score: 0.9 }]));
    const record = await runOne("text-ranking", { endpointUrl: "https://tei.test", api: "tei" }, RANKING_INPUT);
    expect(record.outputValue).toEqual([null, null, 0.9]);
  });
});

describe("sentence similarity, vLLM's OpenAI-compatible /v1/score", () => {
  it("posts { model, text_1, text_2 } and keeps data[].score in the sentences' order", async () => {
    const seen = answer("https://vllm.test/v1/score", () =>
      HttpResponse.json({ id: "score-1", object: "list", created: 1, model: "acme/model", data: [{ index: 1, object: "score", score: 0.12 }, { index: 0, object: "score", score: 0.87 }], usage: { prompt_tokens: 20, total_tokens: 20 } }),
    );
    const record = await runOne("sentence-similarity", { endpointUrl: "https://vllm.test/v1", api: "openai" }, { source_sentence: "A cat sleeps.", sentences: ["A kitten naps.", "Stocks fell."] });
    expect(record).toMatchObject({ status: "ok", answerShape: "openai.score", outputValue: [0.87, 0.12], output: "0.87, 0.12" });
    expect(await seen[0]!.request.json()).toEqual({ model: "acme/model", text_1: "A cat sleeps.", text_2: ["A kitten naps.", "Stocks fell."] });
  });
});

interface MalformedCase {
  name: string;
  task: string;
  target: Record<string, unknown>;
  url: string;
  input: unknown;
  answer: unknown;
  /** What the record's message must name. */
  field: string;
}

const OPENAI_EMBED = { endpointUrl: "https://vllm.test/v1", api: "openai" };
const TEI = { endpointUrl: "https://tei.test", api: "tei" };
const WHISPER = { endpointUrl: "https://whisper.test/v1", api: "openai" };
const MALFORMED: MalformedCase[] = [
  { name: "openai embeddings: no data", task: "feature-extraction", target: OPENAI_EMBED, url: "https://vllm.test/v1/embeddings", input: "x", answer: { object: "list", data: [] }, field: "malformed openai.embeddings answer: data must be a non-empty list" },
  { name: "openai embeddings: base64", task: "feature-extraction", target: OPENAI_EMBED, url: "https://vllm.test/v1/embeddings", input: "x", answer: { data: [{ index: 0, embedding: "AAAAAA==" }] }, field: "data[0].embedding is base64" },
  { name: "openai embeddings: a string in the vector", task: "feature-extraction", target: OPENAI_EMBED, url: "https://vllm.test/v1/embeddings", input: "x", answer: { data: [{ index: 0, embedding: [0.1, "0.2"] }] }, field: "data[0].embedding[1] must be a finite number" },
  { name: "tei: an object", task: "feature-extraction", target: TEI, url: "https://tei.test/embed", input: "x", answer: { embeddings: [[0.1]] }, field: "malformed tei.embed answer: the answer must be a non-empty list of vectors" },
  { name: "tei: a bare vector", task: "feature-extraction", target: TEI, url: "https://tei.test/embed", input: "x", answer: [0.1, 0.2], field: "[0] must be a vector" },
  { name: "tei: an empty row", task: "feature-extraction", target: TEI, url: "https://tei.test/embed", input: "x", answer: [[]], field: "[0] must be a non-empty array of numbers" },
  { name: "tei predict: a label not a string", task: "text-classification", target: TEI, url: "https://tei.test/predict", input: "x", answer: [{ score: 0.9, label: null }], field: "malformed tei.predict answer: [0].label must be a string" },
  { name: "tei predict: an object", task: "text-classification", target: TEI, url: "https://tei.test/predict", input: "x", answer: { predictions: [] }, field: "malformed tei.predict answer: the answer must be a list" },
  { name: "openai images: neither b64_json nor url", task: "text-to-image", target: { endpointUrl: "https://images.test/v1", api: "openai" }, url: "https://images.test/v1/images/generations", input: "x", answer: { data: [{ revised_prompt: "x" }] }, field: "malformed openai.images answer: data[0].b64_json (or data[0].url) must be a non-empty string" },
  { name: "openai images: no data", task: "text-to-image", target: { endpointUrl: "https://images.test/v1", api: "openai" }, url: "https://images.test/v1/images/generations", input: "x", answer: { created: 1 }, field: "malformed openai.images answer: data must be a non-empty list" },
  { name: "tei rerank: an index past the documents", task: "text-ranking", target: TEI, url: "https://tei.test/rerank", input: RANKING_INPUT, answer: [{ index: 3, score: 0.5 }], field: "malformed tei.rerank answer: [0].index must be a document's index, 0 to 2" },
  { name: "openai rerank: a score as text", task: "text-ranking", target: { endpointUrl: "https://vllm.test/v1", api: "openai" }, url: "https://vllm.test/v1/rerank", input: RANKING_INPUT, answer: { results: [{ index: 0, relevance_score: "high" }] }, field: "malformed openai.rerank answer: results[0].relevance_score must be a finite number" },
  { name: "openai rerank: no results", task: "text-ranking", target: { endpointUrl: "https://vllm.test/v1", api: "openai" }, url: "https://vllm.test/v1/rerank", input: RANKING_INPUT, answer: { data: [] }, field: "malformed openai.rerank answer: results must be a non-empty list" },
  { name: "openai score: a sentence without a score", task: "sentence-similarity", target: { endpointUrl: "https://vllm.test/v1", api: "openai" }, url: "https://vllm.test/v1/score", input: { source_sentence: "a", sentences: ["b", "c"] }, answer: { data: [{ index: 0, score: 0.5 }] }, field: "malformed openai.score answer: data has no score for sentence 1" },
  { name: "transcription: no text", task: "automatic-speech-recognition", target: WHISPER, url: "https://whisper.test/v1/audio/transcriptions", input: { file: "a.wav" }, answer: { transcript: "hello" }, field: "malformed openai.transcription answer: text must be a string" },
];

describe("malformed answers", () => {
  for (const testCase of MALFORMED) {
    it(`${testCase.name}: bad_response naming the field`, async () => {
      answer(testCase.url, () => HttpResponse.json(testCase.answer as never));
      const record = await runOne(testCase.task, testCase.target, testCase.input);
      expect(record).toMatchObject({ status: "error", errorKind: "bad_response", httpStatus: 200 });
      expect(record.errorMessage).toContain(testCase.field);
    });
  }

  it("an answer that is not JSON is a bad_response that says what it was", async () => {
    answer("https://tei.test/embed", () => new HttpResponse("<html>gateway</html>", { headers: { "content-type": "text/html" } }));
    const record = await runOne("feature-extraction", TEI, "x");
    expect(record).toMatchObject({ status: "error", errorKind: "bad_response" });
    expect(record.errorMessage).toContain("the answer is text/html, not the JSON /embed answers with");
  });

  it("cut JSON is a malformed response, as for a library call", async () => {
    answer("https://vllm.test/v1/embeddings", () => new HttpResponse('{"data":[{"index":0,"embedding":[0.1,', { headers: { "content-type": "application/json" } }));
    const record = await runOne("feature-extraction", OPENAI_EMBED, "x");
    expect(record).toMatchObject({ status: "error", errorKind: "bad_response" });
    expect(record.errorMessage).toMatch(/^malformed response: /);
  });
});

describe("HTTP errors in each API's body, classified as a library call's", () => {
  it("OpenAI's { error: { message } } with 429: rate_limited, the server's words", async () => {
    answer("https://vllm.test/v1/embeddings", () => HttpResponse.json({ error: { message: "Too many requests, slow down", type: "rate_limit_error" } }, { status: 429 }));
    const record = await runOne("feature-extraction", OPENAI_EMBED, "x");
    expect(record).toMatchObject({ status: "error", errorKind: "rate_limited", httpStatus: 429 });
    expect(record.errorMessage).toContain("Too many requests, slow down");
  });

  it("TEI's { error, error_type } with 413: http_4xx, the server's words", async () => {
    answer("https://tei.test/embed", () => HttpResponse.json({ error: "Batch size error", error_type: "validation" }, { status: 413 }));
    const record = await runOne("feature-extraction", TEI, "x");
    expect(record).toMatchObject({ status: "error", errorKind: "http_4xx", httpStatus: 413 });
    expect(record.errorMessage).toBe("HTTP 413: Batch size error");
  });

  it("a plain-text 503 from a whisper server: http_5xx", async () => {
    answer("https://whisper.test/v1/audio/transcriptions", () => new HttpResponse("model loading", { status: 503, headers: { "content-type": "text/plain; charset=utf-8" } }));
    const record = await runOne("automatic-speech-recognition", WHISPER, { file: "a.wav" });
    expect(record).toMatchObject({ status: "error", errorKind: "http_5xx", httpStatus: 503 });
    expect(record.errorMessage).toContain("model loading");
  });
});
