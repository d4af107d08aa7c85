// Code snippets per target (core/snippets): from @huggingface/inference's own templates, with the first
// input, and the token only ever as an environment variable.
import { afterEach, describe, expect, it } from "vitest";
import type { Scenario } from "../../src/core/scenario";
import { validateScenario } from "../../src/core/scenario-file";
import { scenarioSnippets, targetSnippets } from "../../src/core/snippets/target-snippets";

const SECRET = "hf_realTokenThatMustNeverAppear1234";

function scenario(fields: Record<string, unknown>): Scenario {
  const result = validateScenario({ version: 1, name: "snippets", ...fields });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

const chat = scenario({
  task: "chat-completion",
  targets: [
    { id: "groq", provider: "groq", model: "meta-llama/Llama-3.1-8B-Instruct" },
    { id: "local", endpointUrl: "sandbox:/fast/v1", model: "sandbox-chat" },
  ],
  inputs: ["What is the capital of France?", "second input"],
  parameters: { temperature: 0.2, max_tokens: 64 },
  run: { stream: true },
});

const previousToken = process.env.HF_TOKEN;
afterEach(() => {
  if (previousToken === undefined) delete process.env.HF_TOKEN;
  else process.env.HF_TOKEN = previousToken;
});

describe("target snippets", () => {
  it("gives JS, Python and curl for a provider, with the first input, the chat parameters and the stream flag", () => {
    const result = targetSnippets(chat, chat.targets[0]!);
    if ("unavailable" in result) throw new Error(result.unavailable);
    expect(new Set(result.snippets.map((snippet) => snippet.language))).toEqual(new Set(["js", "python", "sh"]));
    expect(result.missingLanguages).toEqual([]);
    const curl = result.snippets.find((snippet) => snippet.language === "sh")!.content;
    expect(curl).toContain("What is the capital of France?");
    expect(curl).not.toContain("second input");
    expect(curl).toContain('"temperature": 0.2');
    expect(curl).toContain('"max_tokens": 64');
    expect(curl).toContain('"stream": true');
    expect(curl).toContain("meta-llama/Llama-3.1-8B-Instruct:groq");
    expect(curl).toContain("Bearer $HF_TOKEN");
  });

  it("never carries the real token, even with one in the environment", () => {
    process.env.HF_TOKEN = SECRET;
    const text = JSON.stringify(scenarioSnippets(chat, "http://127.0.0.1:9"));
    expect(text).not.toContain(SECRET);
    expect(text).toContain("HF_TOKEN");
  });

  it("calls an endpoint target at its resolved URL, the token as $API_TOKEN", () => {
    const result = targetSnippets(chat, chat.targets[1]!, "http://127.0.0.1:8787");
    if ("unavailable" in result) throw new Error(result.unavailable);
    const curl = result.snippets.find((snippet) => snippet.language === "sh")!.content;
    expect(curl).toContain("http://127.0.0.1:8787/fast/v1/chat/completions");
    expect(curl).toContain("$API_TOKEN");
    expect(curl).toContain('"model": "sandbox-chat"');
  });

  it("says why when an endpoint needs the sandbox and no sandbox URL is known", () => {
    const result = targetSnippets(chat, chat.targets[1]!);
    expect(result).toMatchObject({ targetId: "local", unavailable: expect.stringContaining("needs the sandbox") as string });
  });

  it("writes a non-chat task's input as code in JS and Python and as a JSON value in curl", () => {
    const embeddings = scenario({ task: "feature-extraction", targets: [{ id: "hf", provider: "hf-inference", model: "BAAI/bge-small-en-v1.5" }], inputs: ['Say "hi"'] });
    const result = targetSnippets(embeddings, embeddings.targets[0]!);
    if ("unavailable" in result) throw new Error(result.unavailable);
    const byClient = new Map(result.snippets.map((snippet) => [`${snippet.language}/${snippet.client}`, snippet.content]));
    expect(byClient.get("js/huggingface.js")).toContain('inputs: "Say \\"hi\\"",');
    expect(byClient.get("python/huggingface_hub")).toContain('"Say \\"hi\\"",');
    expect(byClient.get("sh/curl")).toContain('"inputs": "Say \\"hi\\""');
    expect(byClient.get("sh/curl")).toContain("https://router.huggingface.co/hf-inference/models/BAAI/bge-small-en-v1.5");
    expect(result.snippets.map((snippet) => snippet.language)).toEqual([...result.snippets.map((snippet) => snippet.language)].sort((a, b) => ["js", "python", "sh"].indexOf(a) - ["js", "python", "sh"].indexOf(b)));
  });

  it("says why when the library cannot call the provider for the task", () => {
    // Validation refuses such a pair; a stored run's older snapshot may still hold one.
    const valid = scenario({ task: "feature-extraction", targets: [{ id: "groq", provider: "hf-inference", model: "m" }], inputs: ["x"] });
    const embeddings = { ...valid, targets: [{ ...valid.targets[0]!, provider: "groq" as const }] };
    expect(targetSnippets(embeddings, embeddings.targets[0]!)).toMatchObject({ targetId: "groq", unavailable: expect.stringMatching(/groq|not supported/i) as string });
  });

  it("lists only the target asked for", () => {
    expect(scenarioSnippets(chat, "http://127.0.0.1:8787", "local").map((result) => result.targetId)).toEqual(["local"]);
  });
});
