// Code snippets per target (core/snippets): the request @huggingface/inference builds for the first input,
// every value written by its language's quoting, and the token only ever as an environment variable.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { createContext, runInContext, runInNewContext } from "node:vm";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Scenario, validateScenario } from "../../src/core/scenario";
import { jsLiteral, pythonLiteral, shellQuoted, scenarioSnippets, targetSnippets, type CodeSnippet, type SnippetLanguage } from "../../src/core/snippets";

const SECRET = "hf_realTokenThatMustNeverAppear1234";

function scenario(fields: Record<string, unknown>): Scenario {
  const result = validateScenario({ version: 1, name: "snippets", ...fields });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

function snippetsOf(testScenario: Scenario, targetIndex = 0, sandboxUrl?: string): Map<SnippetLanguage, string> {
  const result = targetSnippets(testScenario, testScenario.targets[targetIndex]!, sandboxUrl);
  if ("unavailable" in result) throw new Error(result.unavailable);
  return new Map(result.snippets.map((snippet: CodeSnippet) => [snippet.language, snippet.content]));
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
  it("send a reasoning effort in the target's family's words, a parameter sweep's first level", () => {
    const swept = scenario({
      task: "chat-completion",
      targets: [
        { id: "local", endpointUrl: "sandbox:/reasoning/v1", model: "m" },
        { id: "object", endpointUrl: "https://openrouter.test/api/v1", model: "m", reasoningEffortFamily: "reasoning-object" },
      ],
      inputs: ["What is 2 + 2?"],
      run: { parameterSweep: { parameter: "reasoning_effort", levels: ["medium", "high"] } },
    });
    expect(snippetsOf(swept, 0, "http://127.0.0.1:8787").get("sh")).toContain('"reasoning_effort": "medium"');
    const object = snippetsOf(swept, 1).get("sh")!;
    expect(object).toContain('"effort": "medium"');
    expect(object).not.toContain("reasoning_effort");
  });

  it("gives JS, Python and curl for a provider, with the first input, the chat parameters and the stream flag", () => {
    const result = targetSnippets(chat, chat.targets[0]!);
    if ("unavailable" in result) throw new Error(result.unavailable);
    expect(result.snippets.map((snippet) => `${snippet.language}/${snippet.client}`)).toEqual(["js/fetch", "python/requests", "sh/curl"]);
    const curl = result.snippets.find((snippet) => snippet.language === "sh")!.content;
    expect(curl).toContain("What is the capital of France?");
    expect(curl).not.toContain("second input");
    expect(curl).toContain('"temperature": 0.2');
    expect(curl).toContain('"max_tokens": 64');
    expect(curl).toContain('"stream": true');
    expect(curl).toContain("meta-llama/Llama-3.1-8B-Instruct:groq");
    expect(curl).toContain("https://router.huggingface.co/v1/chat/completions");
    expect(curl).toContain("Bearer ${HF_TOKEN}");
  });

  it("never carries the real token, even with one in the environment", () => {
    process.env.HF_TOKEN = SECRET;
    const text = JSON.stringify(scenarioSnippets(chat, "http://127.0.0.1:9"));
    expect(text).not.toContain(SECRET);
    expect(text).toContain("HF_TOKEN");
  });

  it("calls an endpoint target at its resolved URL, the key from its apiKeyEnv or $API_TOKEN", () => {
    const curl = snippetsOf(chat, 1, "http://127.0.0.1:8787").get("sh")!;
    expect(curl).toContain("'http://127.0.0.1:8787/fast/v1/chat/completions'");
    expect(curl).toContain("${API_TOKEN}");
    expect(curl).toContain('"model": "sandbox-chat"');
    const keyed = scenario({ task: "chat-completion", targets: [{ id: "v", endpointUrl: "http://127.0.0.1:8000/v1", model: "m", apiKeyEnv: "VLLM_KEY" }], inputs: ["hi"] });
    expect(snippetsOf(keyed).get("python")).toContain('os.environ["VLLM_KEY"]');
  });

  it("writes no snippet for a target speaking an API of its own, rather than the library's request at a wrong route", () => {
    const tei = scenario({ task: "feature-extraction", targets: [{ id: "tei", endpointUrl: "http://127.0.0.1:8080", api: "tei", model: "m" }], inputs: ["hi"] });
    expect(targetSnippets(tei, tei.targets[0]!)).toMatchObject({ targetId: "tei", unavailable: 'no snippet is written yet for a target speaking api "tei" (docs/endpoint-apis.md)' });
  });

  it("writes no snippet for reranking, which is sent without the library: not a wrong body, and never its relevance labels", () => {
    const ranking = scenario({ task: "text-ranking", targets: [{ id: "ie", endpointUrl: "https://ie.test/", api: "hf-toolkit", model: "m" }], inputs: [{ query: "q", documents: ["a", "b"], relevance: [1, 0] }] });
    const result = targetSnippets(ranking, ranking.targets[0]!);
    expect(result).toMatchObject({ targetId: "ie", unavailable: expect.stringContaining("text-ranking is sent without the inference library") as string });
    expect(JSON.stringify(result)).not.toContain("relevance");
  });

  it("writes the library's request for the inference toolkit, whose request it is, at the endpoint's root", () => {
    const toolkit = scenario({ task: "text-classification", targets: [{ id: "ie", endpointUrl: "https://ie.test/", api: "hf-toolkit", model: "m" }], inputs: ["hi"] });
    const curl = snippetsOf(toolkit).get("sh")!;
    expect(curl).toContain("https://ie.test");
    expect(curl).toContain('"inputs": "hi"');
  });

  it("says why when an endpoint needs the sandbox and no sandbox URL is known", () => {
    const result = targetSnippets(chat, chat.targets[1]!);
    expect(result).toMatchObject({ targetId: "local", unavailable: expect.stringContaining("needs the sandbox") as string });
  });

  it("writes a non-chat task's input as a literal of each language, at the task's route", () => {
    const embeddings = scenario({ task: "feature-extraction", targets: [{ id: "hf", provider: "hf-inference", model: "BAAI/bge-small-en-v1.5" }], inputs: ['Say "hi"'] });
    const snippets = snippetsOf(embeddings);
    for (const language of ["js", "python", "sh"] as const) expect(snippets.get(language)).toContain('"inputs": "Say \\"hi\\""');
    expect(snippets.get("sh")).toContain("https://router.huggingface.co/hf-inference/models/BAAI/bge-small-en-v1.5");
    const endpoint = scenario({ task: "feature-extraction", targets: [{ id: "e", endpointUrl: "http://127.0.0.1:8000/v1", model: "m" }], inputs: ["x"] });
    expect(snippetsOf(endpoint).get("sh")).toContain("'http://127.0.0.1:8000/v1/embeddings'");
  });

  it("keeps a parameter whose value is 0 (temperature: 0) in every language", () => {
    const greedy = scenario({ task: "chat-completion", targets: [{ id: "g", provider: "groq", model: "m" }], inputs: ["hi"], parameters: { temperature: 0, top_p: 0, max_tokens: 8 } });
    for (const [language, content] of snippetsOf(greedy)) {
      expect(content, language).toMatch(/"temperature": 0(?![.\d])/);
      expect(content, language).toMatch(/"top_p": 0(?![.\d])/);
    }
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

/** Strings that end a literal and run code in a shell, Python or JavaScript when they are not quoted for it. */
const HOSTILE = [
  `'; touch pwned-shell; echo '`,
  `$(touch pwned-subshell) \`touch pwned-backtick\``,
  `"); import os; os.system("touch pwned-python"); ("`,
  `"""'''\\" + globalThis.pwned = true + "`,
  "${globalThis.pwned = true}` line\nbreak\r\u2028\u2029 tab\t \\u0041 end\\",
];

describe("snippets with hostile values", () => {
  const hostile = scenario({
    task: "chat-completion",
    targets: [{ id: "e", endpointUrl: "http://127.0.0.1:8000/'$(touch pwned-url)'/v1", model: HOSTILE[2]! }],
    inputs: [{ messages: HOSTILE.map((content) => ({ role: "user", content })) }],
    run: { stream: false },
  });
  const expectedUrl = "http://127.0.0.1:8000/'$(touch%20pwned-url)'/v1/chat/completions";

  it("quotes every value for the shell: the curl command receives them as they are, and runs nothing", () => {
    const folder = mkdtempSync(join(tmpdir(), "pb-snippet-sh-"));
    // curl stands in as a function that prints each argument it receives, NUL-separated.
    const printed = execFileSync("sh", ["-c", `curl() { for arg in "$@"; do printf '%s\\0' "$arg"; done; }\n${snippetsOf(hostile).get("sh")!}`], {
      cwd: folder,
      env: { PATH: process.env.PATH, API_TOKEN: "k" },
    }).toString();
    const args = printed.split("\0").slice(0, -1);
    expect(args[0]).toBe(expectedUrl);
    const body = JSON.parse(args[args.indexOf("-d") + 1]!) as { model: string; messages: { content: string }[] };
    expect(body.messages.map((message) => message.content)).toEqual(HOSTILE);
    expect(body.model).toBe(HOSTILE[2]);
    expect(args).toContain("Authorization: Bearer k");
    expect(readdirSync(folder)).toEqual([]);
  });

  it("quotes every value for JavaScript: fetch receives them as they are, and nothing else runs", async () => {
    const calls: { url: string; init: { body: string; headers: Record<string, string> } }[] = [];
    const fetchStub = async (url: string, init: { body: string; headers: Record<string, string> }) => {
      calls.push({ url, init });
      return { json: async () => ({}) };
    };
    // Run in a context of its own, with fetch, process and console stubbed: a value that escaped its literal would run there.
    const context = createContext({ fetch: fetchStub, process: { env: { API_TOKEN: "k" } }, console: { log: () => undefined } });
    await (runInContext(`(async () => {\n${snippetsOf(hostile).get("js")!}\n})()`, context) as Promise<void>);
    expect(runInContext("globalThis.pwned", context)).toBeUndefined();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(expectedUrl);
    expect(calls[0]!.init.headers.Authorization).toBe("Bearer k");
    const body = JSON.parse(calls[0]!.init.body) as { model: string; messages: { content: string }[] };
    expect(body.messages.map((message) => message.content)).toEqual(HOSTILE);
    expect(body.model).toBe(HOSTILE[2]);
  });

  it("quotes every value for Python: each is one string literal with its escapes, placed nowhere else", () => {
    const python = snippetsOf(hostile).get("python")!;
    for (const value of [...HOSTILE, expectedUrl]) {
      const literal = pythonLiteral(value);
      // A JSON string is a Python string literal with the same escapes; it holds no raw quote or line break.
      expect(JSON.parse(literal)).toBe(value);
      expect(literal.slice(1, -1)).not.toMatch(/(^|[^\\])(\\\\)*"|[\n\r]/);
      expect(python).toContain(literal);
    }
    // The code around the literals is the snippet's own.
    const withoutLiterals = python.replace(/"(?:[^"\\]|\\.)*"/g, '""');
    expect(withoutLiterals).not.toMatch(/touch|pwned|import os;|system/);
  });

  it("writes literals that read back as the value in each language", () => {
    for (const value of HOSTILE) {
      expect(execFileSync("sh", ["-c", `printf '%s' ${shellQuoted(value)}`]).toString()).toBe(value);
      expect(runInNewContext(`(${jsLiteral(value)})`)).toBe(value);
    }
    const object = JSON.parse('{"__proto__": {"polluted": true}, "a": [1, false, null]}') as unknown;
    expect(pythonLiteral(object)).toBe('{\n    "__proto__": {\n        "polluted": True,\n    },\n    "a": [\n        1,\n        False,\n        None,\n    ],\n}');
    const context = createContext({});
    const read = runInContext(`(${jsLiteral(object)})`, context) as Record<string, unknown>;
    expect(Object.getPrototypeOf(read)).toBe(runInContext("Object.prototype", context));
    expect(Object.getOwnPropertyDescriptor(read, "__proto__")?.value).toEqual({ polluted: true });
  });
});
