// A target's `api` (docs/endpoint-apis.md): validated per task, the path named; the default keeps the library's convention.
import { describe, expect, it } from "vitest";
import { validateScenario } from "../../src/core/scenario";
import { endpointApisOf, taskDefinition, SUPPORTED_TASKS } from "../../src/core/tasks";

function errorsOf(task: string, target: Record<string, unknown>, inputs: unknown[] = ["a text"]) {
  const result = validateScenario({ version: 1, name: "apis", task, targets: [{ id: "t", model: "m", ...target }], inputs });
  return result.ok ? [] : result.errors;
}

describe("a target's api", () => {
  it("is accepted where the task speaks it", () => {
    expect(errorsOf("feature-extraction", { endpointUrl: "http://127.0.0.1:8080", api: "tei" })).toEqual([]);
    expect(errorsOf("feature-extraction", { endpointUrl: "http://127.0.0.1:8000/v1", api: "openai" })).toEqual([]);
    expect(errorsOf("automatic-speech-recognition", { endpointUrl: "http://127.0.0.1:8000/v1", api: "openai" }, [{ file: "a.wav" }])).toEqual([]);
    expect(errorsOf("chat-completion", { endpointUrl: "http://127.0.0.1:8000/v1", api: "openai" })).toEqual([]);
    expect(errorsOf("text-classification", { endpointUrl: "http://127.0.0.1:8080", api: "tei" })).toEqual([]);
    expect(errorsOf("zero-shot-classification", { endpointUrl: "https://x.endpoints.huggingface.cloud", api: "hf-toolkit" })).toEqual([]);
  });

  it("hf-toolkit is spoken by the tasks the toolkit answers in JSON, not by chat or file answers", () => {
    const speaking = SUPPORTED_TASKS.filter((task) => endpointApisOf(taskDefinition(task)).includes("hf-toolkit"));
    for (const task of ["zero-shot-classification", "automatic-speech-recognition", "text-generation", "text-ranking"]) expect(speaking).toContain(task);
    for (const task of ["chat-completion", "image-text-to-text", "text-to-image", "image-to-image", "text-to-speech"]) expect(speaking).not.toContain(task);
  });

  it("hf, the default, is spoken by every task", () => {
    for (const task of SUPPORTED_TASKS) expect(endpointApisOf(taskDefinition(task))[0]).toBe("hf");
    expect(errorsOf("text-classification", { endpointUrl: "http://127.0.0.1:8080", api: "hf" })).toEqual([]);
  });

  it("is refused, with the path and the APIs the task speaks, where the task does not speak it", () => {
    expect(errorsOf("automatic-speech-recognition", { endpointUrl: "http://127.0.0.1:8080", api: "tei" }, [{ file: "a.wav" }])).toEqual([
      { path: "targets[0].api", message: "tei does not serve automatic-speech-recognition (it speaks: hf, openai, hf-toolkit)" },
    ]);
    expect(errorsOf("text-classification", { endpointUrl: "http://127.0.0.1:8080", api: "openai" })).toEqual([
      { path: "targets[0].api", message: "openai does not serve text-classification (it speaks: hf, tei, hf-toolkit)" },
    ]);
  });

  it("is refused on a provider target, and when unknown", () => {
    expect(errorsOf("feature-extraction", { provider: "hf-inference", api: "tei" })).toEqual([
      { path: "targets[0].api", message: "only endpointUrl targets speak an API of their own: a provider target is called through the Hugging Face router" },
    ]);
    const unknown = errorsOf("feature-extraction", { endpointUrl: "http://127.0.0.1:8080", api: "grpc" });
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ path: "targets[0].api" });
    expect(unknown[0]!.message).toContain('unknown api "grpc" (known: hf, openai, tei, hf-toolkit)');
  });
});
