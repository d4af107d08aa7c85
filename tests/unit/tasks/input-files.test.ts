// The inputs' binary parts: expanded as `{ file }` references, read once each through the reader the run
// is given (a test double here), an unreadable part named by its input path.
import { describe, expect, it } from "vitest";
import { expandInputs, inputFileParts, resolveInputFiles, type InputFileReader } from "../../../src/core/scenario";
import { parseRecordLine } from "../../../src/core/record";

function expanded(task: string, inputs: unknown[]) {
  const result = expandInputs({ task, inputs: inputs as never });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.inputs;
}

describe("input values", () => {
  it("gives each task its own value, and a one-line prompt for tables", () => {
    const [qa] = expanded("question-answering", [{ question: "Where is it?", context: "In Paris." }]);
    expect(qa!.value).toEqual({ question: "Where is it?", context: "In Paris." });
    expect(qa!.prompt).toBe("Where is it?");
    const [chat] = expanded("chat-completion", ["hi"]);
    expect(chat!.value).toEqual([{ role: "user", content: "hi" }]);
    const [zeroShot] = expanded("zero-shot-image-classification", [{ file: "cat.png" }]);
    expect(zeroShot!.value).toEqual({ image: { file: "cat.png" } });
    expect(zeroShot!.prompt).toBe("cat.png");
  });

  it("finds the file parts wherever they are", () => {
    const [vision] = expanded("image-text-to-text", [
      { messages: [{ role: "user", content: [{ type: "text", text: "What?" }, { type: "image_url", image_url: { url: { file: "a.png" } } }] }] },
    ]);
    expect(inputFileParts(vision!.value)).toEqual([{ path: "[0].content[1].image_url.url", file: "a.png" }]);
  });
});

describe("resolveInputFiles", () => {
  it("reads every file part once, into Blobs, leaving other inputs as they are", async () => {
    const reads: string[] = [];
    const read: InputFileReader = async (path) => {
      reads.push(path);
      return new Blob([path], { type: "image/png" });
    };
    const inputs = expanded("visual-question-answering", [
      { image: { file: "a.png" }, question: "one" },
      { image: { file: "a.png" }, question: "two" },
      { image: { file: "b.png" }, question: "three" },
    ]);
    const resolved = await resolveInputFiles(inputs, read);
    expect(reads.sort()).toEqual(["a.png", "b.png"]);
    const image = (resolved[2]!.value as { image: Blob }).image;
    expect(image).toBeInstanceOf(Blob);
    expect(await image.text()).toBe("b.png");
    expect((resolved[0]!.value as { question: string }).question).toBe("one");
    const text = expanded("text-classification", ["x"]);
    expect(await resolveInputFiles(text, undefined)).toEqual(text);
  });

  it("names the input part that could not be read", async () => {
    const inputs = expanded("visual-question-answering", [
      { image: { file: "a.png" }, question: "one" },
      { image: { file: "missing.png" }, question: "two" },
    ]);
    const read: InputFileReader = async (path) => {
      if (path === "missing.png") throw new Error("no such file");
      return new Blob(["x"]);
    };
    await expect(resolveInputFiles(inputs, read)).rejects.toThrow("inputs[1].image: no such file");
    await expect(resolveInputFiles(inputs, undefined)).rejects.toThrow(/inputs\[0\]\.image: cannot read a\.png/);
  });
});

describe("outputValue in records files", () => {
  it("reads any JSON value back, and files written before it", () => {
    const base = {
      runId: "r", targetId: "t", inputIndex: 0, repetition: 0, attempt: 1, warmup: false, startedAt: 1, ttftMs: null, latencyMs: 5,
      status: "ok", errorKind: null, httpStatus: 200, errorMessage: null, inputTokens: null, outputTokens: null, tokensEstimated: false,
      chunkCount: 0, output: "POSITIVE 0.98", outputBytes: 40, truncated: false,
    };
    const labels = [{ label: "POSITIVE", score: 0.98 }];
    const read = parseRecordLine(JSON.stringify({ ...base, outputValue: labels }), 1);
    expect(read.ok && read.record.outputValue).toEqual(labels);
    const old = parseRecordLine(JSON.stringify(base), 2);
    expect(old.ok && old.record.outputValue).toBeUndefined();
  });
});
