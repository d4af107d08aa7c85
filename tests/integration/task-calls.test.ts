// Every task through @huggingface/inference's own task method, with msw: the request each provider family
// receives (the Hugging Face router's hf-inference route, another provider the library routes the task to,
// an endpoint URL speaking the task's Hugging Face route) and what the record keeps (outputValue, output).
// Answers are real ones recorded from the router (tests/fixtures/hf-router-task-tapes.json).
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setupServer } from "msw/node";
import { http, HttpResponse } from "msw";
import { INFERENCE_PROVIDERS } from "@huggingface/inference";
import { runScenario } from "../../src/core/run";
import { validateScenario, type InputFileReader } from "../../src/core/scenario";
import type { RequestRecord } from "../../src/core/record";
import { taskDefinition, blobRefOf, isBlobRef, type Task } from "../../src/core/tasks";

const ROUTER = "https://router.huggingface.co";
const ENDPOINT = "https://tasks-endpoint.test";
const TOKEN = "hf_test_sentinel_token_123";

interface Tape {
  url: string;
  body: string;
}
const tapes = JSON.parse(readFileSync(new URL("../fixtures/hf-router-task-tapes.json", import.meta.url), "utf8")) as Record<string, Tape>;
const tapeJson = (task: string): unknown => JSON.parse(tapes[task]!.body);

/** A PNG signature and a few bytes: what the reader double hands out for `{ "file": … }`. */
const PNG_BYTES = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82]);
const WAV_BYTES = new Uint8Array([82, 73, 70, 70, 36, 0, 0, 0, 87, 65, 86, 69]);
const readFile: InputFileReader = async (path) =>
  path.endsWith(".wav") ? new Blob([WAV_BYTES], { type: "audio/wav" }) : new Blob([PNG_BYTES], { type: "image/png" });

/** Every model `acme/<task>` is mapped by the mocked Hub to every provider, for its own task. */
const server = setupServer(
  http.get("https://huggingface.co/api/models/acme/:task", ({ params }) => {
    const task = String(params.task) as Task;
    const libraryTask = taskDefinition(task).libraryTask;
    const mapping = Object.fromEntries(INFERENCE_PROVIDERS.map((provider) => [provider, { providerId: `acme/${task}`, status: "live", task: libraryTask }]));
    return HttpResponse.json({ _id: "mock", id: `acme/${task}`, inferenceProviderMapping: mapping });
  }),
);
// A data: URL is no request to a server: the library reads together's base64 image through one.
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      if (!request.url.startsWith("data:")) print.error();
    },
  }),
);
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

interface Seen {
  url: string;
  contentType: string | null;
  authorization: string | null;
  text: string;
  bytes: Uint8Array;
}

/** Answers `url` with `respond`, keeping what was sent. */
function answer(url: string, respond: () => Response): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.post(url, async ({ request }) => {
      const bytes = new Uint8Array(await request.clone().arrayBuffer());
      seen.push({ url: request.url, contentType: request.headers.get("content-type"), authorization: request.headers.get("authorization"), text: new TextDecoder().decode(bytes), bytes });
      return respond();
    }),
  );
  return seen;
}

const json = (body: unknown) => () => HttpResponse.json(body as never);
const tape = (task: string) => json(tapeJson(task));

type Target = { id: string; provider: string; model: string } | { id: string; endpointUrl: string; model: string };
const router = (task: string, provider = "hf-inference"): Target => ({ id: provider, provider, model: `acme/${task}` });
const endpoint = (url: string, task: string): Target => ({ id: "endpoint", endpointUrl: url, model: `acme/${task}` });

async function runTask(task: string, target: Target, inputs: unknown[], parameters: Record<string, unknown> = {}): Promise<RequestRecord> {
  const validated = validateScenario({ version: 1, name: task, task, targets: [target], inputs, parameters });
  if (!validated.ok) throw new Error(JSON.stringify(validated.errors));
  const records: RequestRecord[] = [];
  await runScenario({ runId: "r", scenario: validated.scenario, accessToken: TOKEN, readInputFile: readFile, onRecord: (record) => records.push(record), sleep: async () => {} });
  expect(records).toHaveLength(1);
  const record = records[0]!;
  expect(record.errorMessage).toBeNull();
  expect(record.status).toBe("ok");
  return record;
}

/** The hf-inference route of a model behind the router. */
const hfRoute = (task: string) => `${ROUTER}/hf-inference/models/acme/${task}`;

interface TextTaskCase {
  task: Task;
  input: unknown;
  parameters?: Record<string, unknown>;
  /** The JSON body the Hugging Face route receives. */
  body: unknown;
  /** hf-inference routes these two under /pipeline/<task>. */
  route?: string;
  /** The answer, when not the recorded one. */
  answer?: unknown;
  outputValue: unknown;
  output: string;
}

const TEXT_TASKS: TextTaskCase[] = [
  {
    task: "text-classification",
    input: "I like you. I love you.",
    body: { inputs: "I like you. I love you." },
    outputValue: [
      { label: "POSITIVE", score: 0.9998763799667358 },
      { label: "NEGATIVE", score: 0.00012365408474579453 },
    ],
    output: "POSITIVE 1.00",
  },
  {
    task: "token-classification",
    input: "My name is Sarah Jessica Parker but you can call me Jessica",
    body: { inputs: "My name is Sarah Jessica Parker but you can call me Jessica" },
    outputValue: tapeJson("token-classification"),
    output: "2 entities: PER Sarah Jessica Parker, PER Jessica",
  },
  {
    task: "zero-shot-classification",
    input: { text: "Hi, I recently bought a device from your company but it is not working as advertised and I would like to get reimbursed!", candidate_labels: ["refund", "legal", "faq"] },
    body: { inputs: "Hi, I recently bought a device from your company but it is not working as advertised and I would like to get reimbursed!", parameters: { candidate_labels: ["refund", "legal", "faq"] } },
    // The recorded answer is the older `{ sequence, labels, scores }` shape, which this library version
    // refuses; today's shape (what the library's output type says) is written here.
    answer: [
      { label: "refund", score: 0.877 },
      { label: "faq", score: 0.104 },
      { label: "legal", score: 0.019 },
    ],
    outputValue: [
      { label: "refund", score: 0.877 },
      { label: "faq", score: 0.104 },
      { label: "legal", score: 0.019 },
    ],
    output: "refund 0.88",
  },
  {
    task: "question-answering",
    input: { question: "What is the capital of France?", context: "The capital of France is Paris." },
    body: { inputs: { question: "What is the capital of France?", context: "The capital of France is Paris." } },
    outputValue: { score: 0.9703431725502014, start: 25, end: 30, answer: "Paris" },
    output: '"Paris" 0.97',
  },
  {
    task: "table-question-answering",
    input: { query: "How many stars does the transformers repository have?", table: { Repository: ["Transformers", "Datasets", "Tokenizers"], Stars: ["36542", "4512", "3934"] } },
    body: { inputs: { query: "How many stars does the transformers repository have?", table: { Repository: ["Transformers", "Datasets", "Tokenizers"], Stars: ["36542", "4512", "3934"] } } },
    outputValue: { answer: "AVERAGE > 36542", coordinates: [[0, 1]], cells: ["36542"], aggregator: "AVERAGE" },
    output: '"AVERAGE > 36542"',
  },
  {
    task: "fill-mask",
    input: "[MASK] world!",
    body: { inputs: "[MASK] world!" },
    outputValue: tapeJson("fill-mask"),
    output: '"the" 0.29',
  },
  {
    task: "summarization",
    input: "The tower is 324 metres (1,063 ft) tall.",
    parameters: { max_length: 100 },
    body: { inputs: "The tower is 324 metres (1,063 ft) tall.", parameters: { max_length: 100 } },
    outputValue: null,
    output: (tapeJson("summarization") as { summary_text: string }[])[0]!.summary_text,
  },
  {
    task: "translation",
    input: "My name is Wolfgang and I live in Berlin",
    body: { inputs: "My name is Wolfgang and I live in Berlin" },
    outputValue: null,
    output: "Mein Name ist Wolfgang und ich lebe in Berlin",
  },
  {
    task: "sentence-similarity",
    input: { source_sentence: "That is a happy person", sentences: ["That is a happy dog", "That is a very happy person", "Today is a sunny day"] },
    body: { inputs: { source_sentence: "That is a happy person", sentences: ["That is a happy dog", "That is a very happy person", "Today is a sunny day"] } },
    route: `${ROUTER}/hf-inference/models/acme/sentence-similarity/pipeline/sentence-similarity`,
    outputValue: [0.6623499989509583, 0.9382343292236328, 0.2296334058046341],
    output: "0.66, 0.94, 0.23",
  },
  {
    task: "feature-extraction",
    input: "That is a happy person",
    body: { inputs: "That is a happy person" },
    route: `${ROUTER}/hf-inference/models/acme/feature-extraction/pipeline/feature-extraction`,
    outputValue: tapeJson("feature-extraction"),
    output: "shape=768 [-0.1444, -0.2155, 0.3951, -0.3237, -0.8847, -0.272, 0.5254, -0.06377, …]",
  },
];

describe("text tasks: the body the Hugging Face route receives and the parsed answer kept", () => {
  for (const testCase of TEXT_TASKS) {
    it(`${testCase.task} through the router's hf-inference route and through an endpoint's /v1/${testCase.task}`, async () => {
      const respond = testCase.answer === undefined ? tape(testCase.task) : json(testCase.answer);
      const viaRouter = answer(testCase.route ?? hfRoute(testCase.task), respond);
      const endpointRoute = testCase.task === "feature-extraction" ? "embeddings" : testCase.task;
      const viaEndpoint = answer(`${ENDPOINT}/v1/${endpointRoute}`, respond);
      const fromRouter = await runTask(testCase.task, router(testCase.task), [testCase.input], testCase.parameters);
      const fromEndpoint = await runTask(testCase.task, endpoint(`${ENDPOINT}/v1`, testCase.task), [testCase.input], testCase.parameters);
      expect(viaRouter).toHaveLength(1);
      expect(viaEndpoint).toHaveLength(1);
      expect(JSON.parse(viaRouter[0]!.text)).toEqual(testCase.body);
      // The endpoint gets the same Hugging Face body, and never the Hugging Face token.
      expect(JSON.parse(viaEndpoint[0]!.text)).toEqual(testCase.body);
      expect(viaRouter[0]!.authorization).toBe(`Bearer ${TOKEN}`);
      expect(viaEndpoint[0]!.authorization).toBeNull();
      for (const record of [fromRouter, fromEndpoint]) {
        expect(record.outputValue).toEqual(testCase.outputValue);
        expect(record.output).toBe(testCase.output);
      }
      expect(fromEndpoint.outputValue).toEqual(fromRouter.outputValue);
    });
  }
});

interface FileTaskCase {
  task: Task;
  input: unknown;
  /** The bytes sent as the body: the file itself (hf-inference takes raw bytes for these tasks). */
  rawBody?: Uint8Array;
  /** Or the JSON body, with the file's bytes in base64. */
  body?: unknown;
  answer?: unknown;
  outputValue: unknown;
  output: string;
}

const PNG_BASE64 = Buffer.from(PNG_BYTES).toString("base64");

const FILE_TASKS: FileTaskCase[] = [
  { task: "image-classification", input: { file: "assets/cat.png" }, rawBody: PNG_BYTES, outputValue: tapeJson("image-classification"), output: "cheetah, chetah, Acinonyx jubatus 1.00" },
  { task: "object-detection", input: { file: "assets/cat.png" }, rawBody: PNG_BYTES, outputValue: tapeJson("object-detection"), output: "6 boxes, best cat 1.00" },
  { task: "image-to-text", input: { file: "assets/cat.png" }, rawBody: PNG_BYTES, outputValue: null, output: "a large brown and white giraffe standing in a field " },
  { task: "automatic-speech-recognition", input: { file: "assets/speech.wav" }, rawBody: WAV_BYTES, outputValue: null, output: (tapeJson("automatic-speech-recognition") as { text: string }).text },
  { task: "audio-classification", input: { file: "assets/speech.wav" }, rawBody: WAV_BYTES, outputValue: tapeJson("audio-classification"), output: "neu 0.59" },
  {
    task: "visual-question-answering",
    input: { image: { file: "assets/cat.png" }, question: "How many cats are lying down?" },
    body: { inputs: { question: "How many cats are lying down?", image: PNG_BASE64 } },
    outputValue: (tapeJson("visual-question-answering") as unknown[])[0],
    output: '"2" 0.52',
  },
  {
    task: "document-question-answering",
    input: { image: { file: "assets/invoice.png" }, question: "Invoice number?" },
    body: { inputs: { question: "Invoice number?", image: PNG_BASE64 } },
    outputValue: (tapeJson("document-question-answering") as unknown[])[0],
    output: '"us-001" 0.60',
  },
  {
    task: "zero-shot-image-classification",
    input: { image: { file: "assets/cat.png" }, candidate_labels: ["animal", "human", "car"] },
    body: { inputs: { image: PNG_BASE64 }, parameters: { candidate_labels: ["animal", "human", "car"] } },
    outputValue: tapeJson("zero-shot-image-classification"),
    output: "animal 0.96",
  },
];

describe("tasks with file inputs: the file's bytes as the library sends them, the answer kept", () => {
  for (const testCase of FILE_TASKS) {
    it(`${testCase.task} through the router's hf-inference route and through an endpoint`, async () => {
      const respond = testCase.answer === undefined ? tape(testCase.task) : json(testCase.answer);
      const viaRouter = answer(hfRoute(testCase.task), respond);
      // An endpoint URL that is not a /v1 base is the task's route as given (an hf-inference-style endpoint).
      const viaEndpoint = answer(`${ENDPOINT}/models/${testCase.task}`, respond);
      const fromRouter = await runTask(testCase.task, router(testCase.task), [testCase.input]);
      const fromEndpoint = await runTask(testCase.task, endpoint(`${ENDPOINT}/models/${testCase.task}`, testCase.task), [testCase.input]);
      for (const seen of [viaRouter, viaEndpoint]) {
        expect(seen).toHaveLength(1);
        if (testCase.rawBody) expect(seen[0]!.bytes).toEqual(testCase.rawBody);
        else expect(JSON.parse(seen[0]!.text)).toEqual(testCase.body);
      }
      for (const record of [fromRouter, fromEndpoint]) {
        expect(record.outputValue).toEqual(testCase.outputValue);
        expect(record.output).toBe(testCase.output);
      }
    });
  }
});

describe("binary answers: kept by reference (sha256, type, size)", () => {
  const JPEG_BYTES = new Uint8Array([255, 216, 255, 224, 0, 16, 74, 70, 73, 70]);
  const FLAC_BYTES = new Uint8Array([102, 76, 97, 67, 0, 0, 0, 34]);
  const binary = (bytes: Uint8Array, type: string) => () => new HttpResponse(bytes, { headers: { "content-type": type } });

  it("text-to-image from hf-inference (the image as the body) and from together (base64 in JSON)", async () => {
    const hf = answer(hfRoute("text-to-image"), binary(JPEG_BYTES, "image/jpeg"));
    const together = answer(`${ROUTER}/together/v1/images/generations`, json({ data: [{ b64_json: Buffer.from(JPEG_BYTES).toString("base64") }] }));
    const fromHf = await runTask("text-to-image", router("text-to-image"), ["a cat"], { num_inference_steps: 4 });
    const fromTogether = await runTask("text-to-image", router("text-to-image", "together"), ["a cat"], { num_inference_steps: 4 });
    expect(JSON.parse(hf[0]!.text)).toEqual({ inputs: "a cat", parameters: { num_inference_steps: 4 } });
    // together's own body: prompt, steps (renamed by the library), base64 asked for.
    expect(JSON.parse(together[0]!.text)).toEqual({ prompt: "a cat", steps: 4, response_format: "base64", model: "acme/text-to-image" });
    const expected = await blobRefOf(new Blob([JPEG_BYTES], { type: "image/jpeg" }));
    for (const record of [fromHf, fromTogether]) {
      expect(isBlobRef(record.outputValue)).toBe(true);
      expect(record.outputValue).toEqual(expected);
      expect(record.output).toBe("image/jpeg 10 B");
      expect(record.outputTokens).toBeNull();
    }
  });

  it("text-to-speech from hf-inference and together, the bytes handed to the run's blob sink", async () => {
    answer(hfRoute("text-to-speech"), binary(FLAC_BYTES, "audio/flac"));
    const together = answer(`${ROUTER}/together/v1/audio/speech`, binary(FLAC_BYTES, "audio/flac"));
    const kept: { ref: unknown; bytes: Uint8Array }[] = [];
    for (const provider of ["hf-inference", "together"]) {
      const validated = validateScenario({ version: 1, name: "tts", task: "text-to-speech", targets: [router("text-to-speech", provider)], inputs: ["hello there!"] });
      if (!validated.ok) throw new Error(JSON.stringify(validated.errors));
      const records: RequestRecord[] = [];
      await runScenario({
        runId: "r",
        scenario: validated.scenario,
        accessToken: TOKEN,
        onRecord: (record) => records.push(record),
        outputBlobSink: async (ref, blob) => void kept.push({ ref, bytes: new Uint8Array(await blob.arrayBuffer()) }),
      });
      expect(records[0]!.status).toBe("ok");
      expect(records[0]!.outputValue).toEqual(kept[kept.length - 1]!.ref);
    }
    expect(JSON.parse(together[0]!.text)).toEqual({ input: "hello there!", model: "acme/text-to-speech" });
    expect(kept.map((entry) => entry.bytes)).toEqual([FLAC_BYTES, FLAC_BYTES]);
    expect(kept[0]!.ref).toMatchObject({ mime: "audio/flac", bytes: FLAC_BYTES.length });
  });

  it("image-to-image from hf-inference and an endpoint: the image in, an image out", async () => {
    // A PNG header (signature, IHDR) saying 512×256: the one-line output reads the size from it.
    const png = new Uint8Array([...PNG_BYTES, 0, 0, 2, 0, 0, 0, 1, 0, 8, 6, 0, 0, 0]);
    const hf = answer(hfRoute("image-to-image"), binary(png, "image/png"));
    const viaEndpoint = answer(`${ENDPOINT}/v1/image-to-image`, binary(png, "image/png"));
    const fromHf = await runTask("image-to-image", router("image-to-image"), [{ file: "assets/cat.png" }]);
    const fromEndpoint = await runTask("image-to-image", endpoint(`${ENDPOINT}/v1`, "image-to-image"), [{ file: "assets/cat.png" }]);
    expect(hf[0]!.bytes).toEqual(PNG_BYTES);
    expect(viaEndpoint[0]!.bytes).toEqual(PNG_BYTES);
    expect(fromHf.outputValue).toEqual(fromEndpoint.outputValue);
    expect(fromHf.outputValue).toMatchObject({ mime: "image/png", bytes: png.length });
    expect(fromHf.output).toBe("image/png 512×256");
  });
});

describe("tasks other providers serve too", () => {
  it("automatic-speech-recognition through together (the file as form data)", async () => {
    const together = answer(`${ROUTER}/together/v1/audio/transcriptions`, json({ text: "going along slushy country roads" }));
    const record = await runTask("automatic-speech-recognition", router("automatic-speech-recognition", "together"), [{ file: "assets/speech.wav" }]);
    expect(together[0]!.contentType).toMatch(/^multipart\/form-data/);
    expect(together[0]!.text).toContain('name="model"');
    expect(together[0]!.text).toContain("acme/automatic-speech-recognition");
    expect(together[0]!.text).toContain("WAVE");
    expect(record.output).toBe("going along slushy country roads");
    expect(record.outputTokens).toBe(8);
    expect(record.tokensEstimated).toBe(true);
  });

  it("feature-extraction through together (OpenAI embeddings body and answer)", async () => {
    const together = answer(`${ROUTER}/together/v1/embeddings`, json({ object: "list", data: [{ object: "embedding", index: 0, embedding: [0.5, -0.25, 0.125] }] }));
    const record = await runTask("feature-extraction", router("feature-extraction", "together"), ["That is a happy person"]);
    expect(JSON.parse(together[0]!.text)).toEqual({ input: "That is a happy person", model: "acme/feature-extraction" });
    expect(record.outputValue).toEqual([[0.5, -0.25, 0.125]]);
    expect(record.output).toBe("shape=1x3 [0.5, -0.25, 0.125]");
  });

  it("image-segmentation through hf-inference and an endpoint (masks as base64 images)", async () => {
    answer(hfRoute("image-segmentation"), tape("image-segmentation"));
    answer(`${ENDPOINT}/v1/image-segmentation`, tape("image-segmentation"));
    const fromHf = await runTask("image-segmentation", router("image-segmentation"), [{ file: "assets/cat.png" }]);
    const fromEndpoint = await runTask("image-segmentation", endpoint(`${ENDPOINT}/v1`, "image-segmentation"), [{ file: "assets/cat.png" }]);
    const masks = tapeJson("image-segmentation") as { label: string }[];
    expect(fromHf.outputValue).toEqual(masks);
    expect(fromEndpoint.outputValue).toEqual(masks);
    expect(fromHf.output).toBe(`${masks.length} masks: ${masks.map((mask) => mask.label).join(", ")}`);
  });

  it("image-text-to-text (vision chat) through together and hf-inference: the image as a data: URL in the message", async () => {
    const chatAnswer = json({
      id: "c", object: "chat.completion", created: 1, model: "m",
      choices: [{ index: 0, message: { role: "assistant", content: "A cat." }, finish_reason: "stop" }],
      usage: { prompt_tokens: 30, completion_tokens: 3, total_tokens: 33 },
    });
    const together = answer(`${ROUTER}/together/v1/chat/completions`, chatAnswer);
    const hf = answer(`${ROUTER}/hf-inference/models/acme/image-text-to-text/v1/chat/completions`, chatAnswer);
    const input = { messages: [{ role: "user", content: [{ type: "text", text: "What is this?" }, { type: "image_url", image_url: { url: { file: "assets/cat.png" } } }] }] };
    for (const provider of ["together", "hf-inference"]) {
      const record = await runTask("image-text-to-text", router("image-text-to-text", provider), [input], { max_tokens: 8 });
      expect(record.output).toBe("A cat.");
      expect(record.outputTokens).toBe(3);
    }
    for (const seen of [together, hf]) {
      expect(JSON.parse(seen[0]!.text)).toEqual({
        model: "acme/image-text-to-text",
        max_tokens: 8,
        messages: [{ role: "user", content: [{ type: "text", text: "What is this?" }, { type: "image_url", image_url: { url: `data:image/png;base64,${PNG_BASE64}` } }] }],
      });
    }
  });
});

describe("text-generation: both conventions", () => {
  it("records the Hugging Face answer ([{ generated_text }]) as a success, like the OpenAI one", async () => {
    // The router's hf-inference text generation goes to the OpenAI route; a TGI-style server answers it the Hugging Face way.
    const hf = answer(`${ROUTER}/hf-inference/models/acme/text-generation/v1/completions`, tape("text-generation"));
    const together = answer(`${ROUTER}/together/v1/completions`, json({ id: "c", object: "text_completion", created: 1, model: "m", choices: [{ index: 0, text: " 42.", finish_reason: "stop" }] }));
    // An endpoint answering the completions route the Hugging Face way (`{ generated_text }`, TGI's /generate shape).
    const viaEndpoint = answer(`${ENDPOINT}/v1/completions`, json({ generated_text: " forty-two" }));
    const fromHf = await runTask("text-generation", router("text-generation"), ["The answer to the universe is"], { max_new_tokens: 20 });
    const fromTogether = await runTask("text-generation", router("text-generation", "together"), ["The answer to the universe is"], { max_new_tokens: 20 });
    const fromEndpoint = await runTask("text-generation", endpoint(`${ENDPOINT}/v1`, "text-generation"), ["The answer to the universe is"]);
    expect(fromHf.output).toBe((tapeJson("text-generation") as { generated_text: string }[])[0]!.generated_text);
    expect(fromTogether.output).toBe(" 42.");
    expect(fromEndpoint.output).toBe(" forty-two");
    expect(JSON.parse(hf[0]!.text)).toEqual({ model: "acme/text-generation", prompt: "The answer to the universe is", max_tokens: 20 });
    // together's body as the library writes it: the prompt twice (inputs and prompt), the parameters as given.
    expect(JSON.parse(together[0]!.text)).toEqual({
      model: "acme/text-generation",
      inputs: "The answer to the universe is",
      parameters: { max_new_tokens: 20 },
      prompt: "The answer to the universe is",
    });
    expect(viaEndpoint).toHaveLength(1);
  });

  it("still fails an answer in neither convention, with the library's reason", async () => {
    answer(`${ROUTER}/together/v1/completions`, json({ nothing: true }));
    const validated = validateScenario({ version: 1, name: "x", task: "text-generation", targets: [router("text-generation", "together")], inputs: ["x"] });
    if (!validated.ok) throw new Error("invalid");
    const records: RequestRecord[] = [];
    await runScenario({ runId: "r", scenario: validated.scenario, accessToken: TOKEN, onRecord: (record) => records.push(record) });
    expect(records[0]!.status).toBe("error");
    expect(records[0]!.errorKind).toBe("bad_response");
  });
});
