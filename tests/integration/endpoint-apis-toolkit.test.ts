// Endpoint targets on Hugging Face's inference toolkit (api: hf-toolkit, docs/endpoint-apis.md), with msw: the
// request at the endpoint's root (`POST /` with `{ inputs, parameters }`, or the file's bytes), each task's
// answer in the pipeline's shape and in the list-wrapped shape of a batch (tests/fixtures/endpoint-apis/hf-toolkit.json)
// read into the record the default gives, malformed answers classified bad_response naming the field.
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setupServer } from "msw/node";
import { http, HttpResponse } from "msw";
import { runScenario } from "../../src/core/run";
import { validateScenario } from "../../src/core/scenario";
import type { RequestRecord } from "../../src/core/record";

interface ToolkitCase {
  input: unknown;
  one: unknown;
  batch: unknown;
  outputValue?: unknown;
  output?: string;
  shapes?: [string, string];
}

const CASES = JSON.parse(readFileSync(new URL("../fixtures/endpoint-apis/hf-toolkit.json", import.meta.url), "utf8")) as Record<string, ToolkitCase>;
const ROOT = "https://toolkit.test/";
const FILE_BYTES = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Answers POSTs to the toolkit's root with `body`, keeping each request. */
function toolkitAnswers(body: unknown): Request[] {
  const seen: Request[] = [];
  server.use(
    http.post(ROOT, ({ request }) => {
      seen.push(request.clone());
      return HttpResponse.json(body as never);
    }),
  );
  return seen;
}

async function runOne(task: string, input: unknown, parameters: Record<string, unknown> = {}): Promise<RequestRecord> {
  const validated = validateScenario({ version: 1, name: task, task, targets: [{ id: "t", model: "acme/model", endpointUrl: ROOT, api: "hf-toolkit" }], inputs: [input], parameters });
  if (!validated.ok) throw new Error(JSON.stringify(validated.errors));
  const records: RequestRecord[] = [];
  await runScenario({
    runId: "r",
    scenario: validated.scenario,
    readInputFile: async (name) => new Blob([FILE_BYTES], { type: name.endsWith(".wav") ? "audio/wav" : "image/png" }),
    onRecord: (record) => records.push(record),
    sleep: async () => {},
  });
  expect(records).toHaveLength(1);
  return records[0]!;
}

describe("hf-toolkit: every task's answer, as the pipeline gives it and list-wrapped", () => {
  for (const [task, sample] of Object.entries(CASES)) {
    for (const form of ["one", "batch"] as const) {
      it(`${task}: the ${form === "one" ? "pipeline's shape" : "list-wrapped shape"} read into the record`, async () => {
        const seen = toolkitAnswers(sample[form]);
        const record = await runOne(task, sample.input);
        expect(record).toMatchObject({ status: "ok", errorMessage: null });
        const shape = sample.shapes?.[form === "one" ? 0 : 1] ?? `hf-toolkit.${task}${form === "batch" ? "[list]" : ""}`;
        expect(record.answerShape).toBe(shape);
        if (sample.output !== undefined) expect(record.output).toBe(sample.output);
        if (sample.outputValue !== undefined) expect(record.outputValue).toEqual(sample.outputValue);
        expect(seen).toHaveLength(1);
        expect(seen[0]!.url).toBe(ROOT);
      });
    }
  }
});

describe("hf-toolkit: the request", () => {
  it("posts { inputs, parameters } to the endpoint's root", async () => {
    const seen = toolkitAnswers(CASES["text-classification"]!.one);
    await runOne("text-classification", "Fast and pleasant.", { top_k: 2 });
    expect(seen[0]!.headers.get("content-type")).toBe("application/json");
    expect(await seen[0]!.json()).toEqual({ inputs: "Fast and pleasant.", parameters: { top_k: 2 } });
  });

  it("posts zero-shot's candidate labels as parameters", async () => {
    const seen = toolkitAnswers(CASES["zero-shot-classification"]!.one);
    await runOne("zero-shot-classification", { text: "I want my money back.", candidate_labels: ["refund", "praise"] });
    expect(await seen[0]!.json()).toEqual({ inputs: "I want my money back.", parameters: { candidate_labels: ["refund", "praise"] } });
  });

  it("posts a recording's bytes with their type (the toolkit deserialises audio/* and image/* bodies)", async () => {
    const seen = toolkitAnswers(CASES["automatic-speech-recognition"]!.one);
    await runOne("automatic-speech-recognition", { file: "station.wav" });
    expect(seen[0]!.headers.get("content-type")).toBe("audio/wav");
    expect(new Uint8Array(await seen[0]!.arrayBuffer())).toEqual(FILE_BYTES);
  });
});

describe("hf-toolkit: text generation, whose request the library does not build", () => {
  it("posts { inputs, parameters } with return_full_text false to the root, and keeps generated_text as text", async () => {
    const seen = toolkitAnswers([{ generated_text: " the model answered." }]);
    const record = await runOne("text-generation", "Once upon a time", { max_new_tokens: 16 });
    expect(record).toMatchObject({ status: "ok", answerShape: "hf-toolkit.text-generation", output: " the model answered.", tokensEstimated: true });
    expect(seen[0]!.url).toBe(ROOT);
    expect(await seen[0]!.json()).toEqual({ inputs: "Once upon a time", parameters: { return_full_text: false, max_new_tokens: 16 } });
  });

  it("reads a batch's [[{ generated_text }]] and refuses an answer without the text, naming the field", async () => {
    toolkitAnswers([[{ generated_text: "x" }]]);
    expect(await runOne("text-generation", "p")).toMatchObject({ status: "ok", answerShape: "hf-toolkit.text-generation[list]", output: "x" });
    toolkitAnswers([{ text: "x" }]);
    const record = await runOne("text-generation", "p");
    expect(record).toMatchObject({ status: "error", errorKind: "bad_response" });
    expect(record.errorMessage).toContain("malformed hf-toolkit.text-generation answer: [0].generated_text must be a string");
  });
});

describe("hf-toolkit: malformed answers name the field", () => {
  const cases: { task: string; answer: unknown; field: string }[] = [
    { task: "text-classification", answer: [{ label: "POSITIVE", score: "high" }], field: "hf-toolkit.text-classification answer: [0].score must be a finite number" },
    { task: "text-classification", answer: [[{ label: 3, score: 0.5 }]], field: "hf-toolkit.text-classification[list] answer: [0][0].label must be a string" },
    { task: "zero-shot-classification", answer: { sequence: "x", labels: ["a", "b"], scores: [0.9] }, field: "scores must be a list of numbers, one per label" },
    { task: "zero-shot-classification", answer: [{ sequence: "x", labels: "a", scores: [1] }], field: "[0].labels must be a list of strings" },
    { task: "token-classification", answer: [{ score: 0.9, word: "Ada", start: 0, end: 3 }], field: "[0].entity_group (or entity) must be a string" },
    { task: "question-answering", answer: { score: 0.9 }, field: "hf-toolkit.question-answering answer: answer must be a string" },
    { task: "feature-extraction", answer: { embeddings: [0.1, "x"] }, field: "hf-toolkit.sentence-embeddings answer: embeddings[1] must be a finite number" },
    { task: "sentence-similarity", answer: { similarities: [] }, field: "similarities must be a non-empty array of numbers" },
    { task: "automatic-speech-recognition", answer: [{ chunks: [] }], field: "hf-toolkit.automatic-speech-recognition[list] answer: [0].text must be a string" },
  ];
  for (const { task, answer, field } of cases) {
    it(`${task}: ${field}`, async () => {
      toolkitAnswers(answer);
      const record = await runOne(task, CASES[task]!.input);
      expect(record.status).toBe("error");
      expect(record.errorKind).toBe("bad_response");
      expect(record.errorMessage).toContain(field);
    });
  }
});

describe("hf-toolkit: validation", () => {
  it("refuses a task the toolkit does not answer here, naming the field", () => {
    const result = validateScenario({ version: 1, name: "x", task: "text-to-image", targets: [{ id: "t", model: "m", endpointUrl: ROOT, api: "hf-toolkit" }], inputs: ["a cat"] });
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).toContain("hf-toolkit does not serve text-to-image");
  });
});
