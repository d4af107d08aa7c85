// The task registry: one definition per runnable task, which providers serve it (the library's answer),
// and validation of each task's inputs, errors named at the input's own path.
import { describe, expect, it } from "vitest";
import { getProviderHelper, INFERENCE_PROVIDERS } from "@huggingface/inference";
import { STREAMING_TASKS, validateScenario } from "../../../src/core/scenario";
import { SUPPORTED_TASKS, findTaskDefinition, taskDefinition, CHECKABLE_TASKS, providerTaskSupport, providersForTask, isBlobRef, blobRefOf } from "../../../src/core/tasks";

function scenario(task: string, inputs: unknown, targets: unknown[] = [{ id: "hf", provider: "hf-inference", model: "org/model" }], extra: Record<string, unknown> = {}) {
  return validateScenario({ version: 1, name: "t", task, targets, inputs, ...extra });
}

function errorsOf(result: ReturnType<typeof validateScenario>) {
  return result.ok ? [] : result.errors;
}

describe("task registry", () => {
  it("has one definition per supported task, under its own id", () => {
    for (const task of SUPPORTED_TASKS) expect(taskDefinition(task).id).toBe(task);
    expect(findTaskDefinition("text-to-video")).toBeUndefined();
    expect(findTaskDefinition("toString")).toBeUndefined();
  });

  it("streams only chat and text generation, and checks only text outputs", () => {
    expect([...STREAMING_TASKS].sort()).toEqual(["chat-completion", "image-text-to-text", "text-generation"]);
    expect(CHECKABLE_TASKS).toContain("automatic-speech-recognition");
    expect(CHECKABLE_TASKS).not.toContain("text-classification");
    expect(CHECKABLE_TASKS).not.toContain("feature-extraction");
  });
});

describe("providerTaskSupport", () => {
  it("agrees with the library's provider helpers for every provider and task", () => {
    for (const task of SUPPORTED_TASKS) {
      for (const provider of INFERENCE_PROVIDERS) {
        let libraryServes = true;
        try {
          getProviderHelper(provider, taskDefinition(task).libraryTask);
        } catch {
          libraryServes = false;
        }
        expect(providerTaskSupport(provider, task).ok, `${provider} × ${task}`).toBe(libraryServes);
      }
    }
  });

  it("serves every task through hf-inference and auto, and says why not for others", () => {
    // text-ranking has no method in the library, so no provider: its targets are endpoints (docs/endpoint-apis.md).
    for (const task of SUPPORTED_TASKS.filter((name) => name !== "text-ranking")) {
      expect(providerTaskSupport("hf-inference", task)).toEqual({ ok: true });
      expect(providerTaskSupport("auto", task)).toEqual({ ok: true });
    }
    expect(providerTaskSupport("hf-inference", "text-ranking").ok).toBe(false);
    const refused = providerTaskSupport("groq", "text-to-image");
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.reason).toMatch(/groq does not serve text-to-image.*not supported for provider 'groq'/);
    expect(providersForTask("automatic-speech-recognition")).toEqual(expect.arrayContaining(["fal-ai", "hf-inference", "replicate", "together"]));
  });
});

describe("validation of task inputs and providers", () => {
  it("refuses a provider the library cannot call for the task, at targets[i].provider", () => {
    const errors = errorsOf(scenario("text-to-image", ["a cat"], [{ id: "ok", provider: "fal-ai", model: "m/x" }, { id: "no", provider: "groq", model: "m/x" }]));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.path).toBe("targets[1].provider");
    expect(errors[0]!.message).toContain("Task 'text-to-image' not supported for provider 'groq'");
  });

  it("names the field of a malformed input", () => {
    const good = { question: "Where?", context: "In Paris." };
    const errors = errorsOf(scenario("question-answering", [good, good, { question: "Who?" }]));
    expect(errors).toEqual([{ path: "inputs[2].context", message: "required" }]);
    const extra = errorsOf(scenario("sentence-similarity", [{ source_sentence: "a", sentences: [], other: 1 }]));
    expect(extra.map((error) => error.path).sort()).toEqual(["inputs[0].other", "inputs[0].sentences"]);
  });

  it("takes binary parts as { file } and refuses a file part without a path", () => {
    expect(scenario("image-classification", [{ file: "assets/cat.jpg" }]).ok).toBe(true);
    expect(scenario("visual-question-answering", [{ image: { file: "assets/cat.jpg" }, question: "What animal?" }]).ok).toBe(true);
    expect(errorsOf(scenario("visual-question-answering", [{ image: { file: "" }, question: "What?" }]))).toEqual([{ path: "inputs[0].image.file", message: "required" }]);
    expect(errorsOf(scenario("automatic-speech-recognition", ["hello"]))[0]!.path).toBe("inputs[0]");
  });

  it("refuses a template for a task whose inputs are objects", () => {
    const errors = errorsOf(scenario("question-answering", { template: "{{ q }}", variables: [{ q: "x" }] }));
    expect(errors).toEqual([{ path: "inputs.template", message: expect.stringContaining("not a template") }]);
  });

  it("refuses checks for a task whose output is not text, and streaming for one that cannot stream", () => {
    expect(errorsOf(scenario("text-classification", ["x"], undefined, { expectations: [{ type: "contains", value: "POS" }] }))[0]!.path).toBe("expectations");
    expect(errorsOf(scenario("text-classification", ["x"], undefined, { run: { stream: true } }))[0]!.path).toBe("run.stream");
  });
});

describe("blob references", () => {
  it("names bytes by their SHA-256, with their type and size", async () => {
    const ref = await blobRefOf(new Blob([new TextEncoder().encode("abc")], { type: "image/png" }));
    expect(ref).toEqual({ blob: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", mime: "image/png", bytes: 3 });
    expect(isBlobRef(ref)).toBe(true);
    expect(isBlobRef({ ...ref, blob: "ABC" })).toBe(false);
    expect(isBlobRef({ ...ref, extra: 1 })).toBe(false);
    expect(isBlobRef([ref])).toBe(false);
  });
});
