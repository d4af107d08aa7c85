// The sandbox's Hugging Face task routes over real HTTP on 127.0.0.1, called through
// @huggingface/inference's own task methods with an endpoint URL, as a scenario target calls them.

import { InferenceClient } from "@huggingface/inference";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paintPicture, synthesizeSpeech } from "../../src/sandbox/media";
import { readPngInfo } from "../../src/sandbox/png";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";
import { readWavInfo } from "../../src/sandbox/wav";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 11, timeScale: 0.05 });
});

afterAll(async () => {
  await sandbox.close();
});

function client(profile: string, task: string): InferenceClient {
  return new InferenceClient("", { endpointUrl: `${sandbox.url}/${profile}/pipeline/${task}`, retry_on_error: false });
}

const SPOKEN = "please bring the tickets to the station before noon on friday";
const speech = () => new Blob([new Uint8Array(synthesizeSpeech(SPOKEN, 0.3))], { type: "audio/wav" });
const PICTURE = {
  width: 160,
  height: 120,
  description: "tabby cat",
  objects: [
    { label: "cat", box: { xmin: 10, ymin: 20, xmax: 80, ymax: 100 } },
    { label: "dog", box: { xmin: 90, ymin: 10, xmax: 150, ymax: 90 } },
  ],
};
const picture = () => new Blob([new Uint8Array(paintPicture(PICTURE, 3))], { type: "image/png" });

function isRanked(items: { score: number }[]): boolean {
  return items.every((item, index) => index === 0 || (items[index - 1] as { score: number }).score >= item.score);
}

describe("text tasks in hf-inference shapes", () => {
  it("classifies text, finds entities and answers questions from the input", async () => {
    const sentiment = await client("instant", "text-classification").textClassification({ inputs: "I love it, the support was great" });
    expect(sentiment.map((item) => item.label).sort()).toEqual(["NEGATIVE", "POSITIVE"]);
    expect(sentiment[0]?.label).toBe("POSITIVE");
    expect(isRanked(sentiment)).toBe(true);

    const text = "My name is Sarah Jessica Parker and I work at Acme Labs in Berlin";
    const entities = await client("instant", "token-classification").tokenClassification({ inputs: text });
    for (const entity of entities) expect(text.slice(entity.start, entity.end)).toBe(entity.word);
    expect(entities.map((entity) => entity.word)).toEqual(["Sarah Jessica Parker", "Acme Labs", "Berlin"]);
    expect(entities.map((entity) => entity.entity_group)).toEqual(["PER", "ORG", "LOC"]);

    const context = "The capital of France is Paris. It has many museums.";
    const answer = await client("instant", "question-answering").questionAnswering({ inputs: { question: "What is the capital of France?", context } });
    expect(answer.answer).toBe("Paris");
    expect(context.slice(answer.start, answer.end)).toBe("Paris");

    const table = await client("steady", "table-question-answering").tableQuestionAnswering({
      inputs: { question: "How many stars does Datasets have?", table: { Repository: ["Transformers", "Datasets"], Stars: ["36542", "4512"] } },
    });
    expect(table.aggregator).toBe("COUNT");
    expect(table.cells).toEqual(["36542", "4512"]);
  });

  it("answers zero-shot, fill-mask, summary, translation, similarity and vectors", async () => {
    const zeroShot = await client("instant", "zero-shot-classification").zeroShotClassification({
      inputs: "I want a refund for my broken phone",
      parameters: { candidate_labels: ["refund", "faq", "praise"] },
    });
    expect(zeroShot[0]?.label).toBe("refund");
    expect(zeroShot.reduce((sum, item) => sum + item.score, 0)).toBeCloseTo(1, 5);

    const masks = await client("steady", "fill-mask").fillMask({ inputs: "[MASK] world!" });
    expect(masks).toHaveLength(5);
    for (const mask of masks) expect(mask.sequence).toBe(`${mask.token_str} world!`);

    const summary = await client("steady", "summarization").summarization({ inputs: "The tower is 324 metres tall. It is the tallest structure in Paris and was built in 1889 for the fair." });
    expect(summary.summary_text.startsWith("The tower is")).toBe(true);

    const translation = await client("steady", "translation").translation({ inputs: "My name is Wolfgang and I live in Berlin" });
    expect(translation).toMatchObject({ translation_text: expect.stringContaining("Wolfgang") });

    const similarity = await client("instant", "sentence-similarity").sentenceSimilarity({
      inputs: { source_sentence: "That is a happy person", sentences: ["That is a happy dog", "That is a very happy person", "Today is a sunny day"] },
    });
    expect(similarity).toHaveLength(3);
    expect(similarity[1]).toBeGreaterThan(similarity[0] as number);
    expect(similarity[0]).toBeGreaterThan(similarity[2] as number);

    const vector = await client("steady", "feature-extraction").featureExtraction({ inputs: "hello" });
    expect((vector as number[]).length).toBe(384);
  });

  it("generates text the Hugging Face way, as JSON and as a token stream", async () => {
    const url = `${sandbox.url}/steady/pipeline/text-generation`;
    const body = { inputs: "Once upon a time", parameters: { max_new_tokens: 5 } };
    const plain = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const answer = (await plain.json()) as { generated_text: string }[];
    expect(answer).toHaveLength(1);
    expect(answer[0]?.generated_text.trim().split(/\s+/)).toHaveLength(5);

    const streamed = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...body, stream: true }) });
    expect(streamed.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = (await streamed.text())
      .split("\n\n")
      .filter((block) => block.startsWith("data: "))
      .map((block) => JSON.parse(block.slice(6)) as { token: { text: string }; generated_text: string | null; details: { finish_reason: string } | null });
    expect(events).toHaveLength(5);
    expect(events.at(-1)?.details?.finish_reason).toBe("length");
    expect(events.slice(0, -1).every((event) => event.generated_text === null)).toBe(true);
    expect(events.map((event) => event.token.text).join("")).toBe(events.at(-1)?.generated_text);
  });
});

describe("image and audio tasks", () => {
  it("transcribes a recording it made back into its words, and speaks WAV", async () => {
    const transcript = await client("instant", "automatic-speech-recognition").automaticSpeechRecognition({ inputs: speech() });
    expect(transcript.text).toBe(SPOKEN);

    const audio = await client("steady", "text-to-speech").textToSpeech({ inputs: "hello there my friend" });
    expect(audio.type).toBe("audio/wav");
    const info = readWavInfo(new Uint8Array(await audio.arrayBuffer()));
    expect(info?.comment).toBe("hello there my friend");
    expect(info?.durationSeconds).toBeGreaterThan(1);

    const emotions = await client("steady", "audio-classification").audioClassification({ data: speech() });
    expect(emotions.map((item) => item.label).sort()).toEqual(["ang", "hap", "neu", "sad"]);
  });

  it("paints PNGs of the asked size, and sees what a picture holds", async () => {
    const image = await client("steady", "text-to-image").textToImage({ inputs: "a red fox in the snowy forest", parameters: { width: 96, height: 64 } }, { outputType: "blob" });
    expect(image.type).toBe("image/png");
    expect(readPngInfo(new Uint8Array(await image.arrayBuffer()))).toMatchObject({ width: 96, height: 64 });

    const edited = await client("steady", "image-to-image").imageToImage({ inputs: picture(), parameters: { prompt: "in winter" } });
    expect(readPngInfo(new Uint8Array(await edited.arrayBuffer()))).toMatchObject({ width: 160, height: 120 });

    const labels = await client("instant", "image-classification").imageClassification({ data: picture() });
    expect(labels[0]?.label).toBe("tabby cat");
    expect(labels).toHaveLength(5);

    const zeroShot = await client("instant", "zero-shot-image-classification").zeroShotImageClassification({
      inputs: { image: picture() },
      parameters: { candidate_labels: ["car", "cat", "toy"] },
    });
    expect(zeroShot[0]?.label).toBe("cat");

    const boxes = await client("instant", "object-detection").objectDetection({ data: picture() });
    expect(boxes.map((box) => box.label)).toEqual(["cat", "dog"]);
    expect(Math.abs((boxes[0]?.box.xmin ?? 99) - 10)).toBeLessThanOrEqual(3);

    const segments = await client("instant", "image-segmentation").imageSegmentation({ inputs: picture() });
    expect(segments.map((segment) => segment.label)).toEqual(["cat", "dog"]);
    expect(readPngInfo(Buffer.from(segments[0]?.mask ?? "", "base64"))).toMatchObject({ width: 160, height: 120 });

    const caption = await client("instant", "image-to-text").imageToText({ data: picture() });
    expect(caption.generated_text).toContain("tabby cat");

    const count = await client("instant", "visual-question-answering").visualQuestionAnswering({ inputs: { question: "How many animals are there?", image: picture() } });
    expect(count.answer).toBe("2");

    const document = await client("slow", "document-question-answering").documentQuestionAnswering({ inputs: { question: "Which tabby?", image: picture() } });
    expect(typeof document.answer).toBe("string");
  });
});

describe("profiles", () => {
  it("gives the same answer to the same input on a profile, whichever request it is", async () => {
    const first = await client("fast", "object-detection").objectDetection({ data: picture() });
    const again = await client("fast", "object-detection").objectDetection({ data: picture() });
    expect(again).toEqual(first);
  });

  it("lets a sloppy profile disagree with a careful one on some inputs, never the careful one with itself", async () => {
    const sentences = Array.from({ length: 12 }, (_, index) => `order ${index} arrived and the box was fine but the manual was not clear`);
    const labelsOf = (profile: string) =>
      Promise.all(sentences.map(async (inputs) => (await client(profile, "text-classification").textClassification({ inputs }))[0]?.label));
    const [fast, slow] = await Promise.all([labelsOf("fast"), labelsOf("slow")]);
    expect(fast.some((label, index) => label !== slow[index])).toBe(true);

    const transcripts = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        client("fast", "automatic-speech-recognition").automaticSpeechRecognition({ inputs: new Blob([new Uint8Array(synthesizeSpeech(`${SPOKEN} ${index}`, 0.3))]) }),
      ),
    );
    expect(transcripts.some((transcript, index) => transcript.text !== `${SPOKEN} ${index}`)).toBe(true);
  });

  it("takes longer per second of audio on a slower profile", async () => {
    const timed = async (profile: string) => {
      const startedAt = performance.now();
      await client(profile, "automatic-speech-recognition").automaticSpeechRecognition({ inputs: speech() });
      return performance.now() - startedAt;
    };
    const fast = await timed("fast");
    const slow = await timed("slow");
    expect(slow).toBeGreaterThan(fast);
  });
});

describe("errors and faults", () => {
  const postJson = (path: string, body: unknown) =>
    fetch(`${sandbox.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  it("refuses a bad body with hf-inference's error shape, naming the field", async () => {
    const response = await postJson("/steady/pipeline/zero-shot-classification", { inputs: "hello" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Missing required parameter: 'parameters.candidate_labels'." });
    const noMask = await postJson("/steady/pipeline/fill-mask", { inputs: "no mask here" });
    expect(noMask.status).toBe(400);
    expect(((await noMask.json()) as { error: string }).error).toMatch(/mask/);
  });

  it("serves every task but the OpenAI ones under /v1/<task> too, where a /v1 endpoint URL sends it", async () => {
    const labels = await new InferenceClient("", { endpointUrl: `${sandbox.url}/instant/v1/image-classification`, retry_on_error: false }).imageClassification({ data: picture() });
    expect(labels[0]?.label).toBe("tabby cat");
    const embeddings = await postJson("/instant/v1/embeddings", { input: "hello" });
    expect(await embeddings.json()).toMatchObject({ object: "list" });
  });

  it("answers 404 for a task it does not know, listing the routes", async () => {
    const response = await postJson("/steady/pipeline/text-to-video", { inputs: "a cat" });
    expect(response.status).toBe(404);
    expect(JSON.stringify(await response.json())).toContain("automatic-speech-recognition");
  });

  it("plays the fault profiles on task routes", async () => {
    const unavailable = await postJson("/err503/pipeline/text-classification", { inputs: "hi" });
    expect(unavailable.status).toBe(503);
    expect(await unavailable.json()).toMatchObject({ error: expect.any(String) });

    const evil = (await (await postJson("/evil/pipeline/text-classification", { inputs: "hi" })).json()) as { label: string }[][];
    expect(evil[0]?.[0]?.label).toMatch(/<|script/i);

    const broken = await postJson("/malformed/pipeline/question-answering", { inputs: { question: "Who?", context: "Ada wrote it." } });
    await expect(broken.json()).rejects.toThrow();
  });
});
