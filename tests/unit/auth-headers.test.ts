// The one credential rule (src/core/auth-headers.ts), the scenario's apiKeyEnv field and the command
// line's reading of it.
import { describe, expect, it } from "vitest";
import { authorizationFor, credentialScopeOf, scopedFetch } from "../../src/core/auth-headers";
import { validateScenario } from "../../src/core/scenario-file";
import { endpointKeysFromEnvironment } from "../../src/cli/endpoint-keys";

const HF = "Bearer hf_token_from_the_library_000";

describe("authorizationFor", () => {
  it("lets the library's HF token go to Hugging Face hosts over https only", () => {
    const scope = { kind: "huggingface" } as const;
    expect(authorizationFor(new URL("https://router.huggingface.co/groq/v1/chat/completions"), scope, HF)).toBe(HF);
    expect(authorizationFor(new URL("https://huggingface.co/api/models/a/b"), scope, HF)).toBe(HF);
    expect(authorizationFor(new URL("http://router.huggingface.co/x"), scope, HF)).toBeNull();
    expect(authorizationFor(new URL("https://huggingface.co.evil.example/x"), scope, HF)).toBeNull();
    expect(authorizationFor(new URL("https://evilhuggingface.co/x"), scope, HF)).toBeNull();
  });

  it("gives an endpoint its own key at its own origin, and nothing anywhere else", () => {
    const scope = { kind: "endpoint", origin: "http://127.0.0.1:8000", key: "sk-a" } as const;
    expect(authorizationFor(new URL("http://127.0.0.1:8000/v1/chat/completions"), scope, null)).toBe("Bearer sk-a");
    expect(authorizationFor(new URL("http://127.0.0.1:8001/v1/chat/completions"), scope, null)).toBeNull();
    expect(authorizationFor(new URL("https://router.huggingface.co/v1"), scope, HF)).toBeNull();
    expect(authorizationFor(new URL("http://127.0.0.1:8000/v1"), { ...scope, key: null }, HF)).toBeNull();
  });
});

describe("credentialScopeOf", () => {
  it("finds an endpoint's key by target id first, then by origin; a sandbox URL resolves first", () => {
    const target = { id: "local", endpointUrl: "sandbox:/fast/v1", model: "m" };
    expect(credentialScopeOf(target, { byOrigin: { "http://127.0.0.1:8787": "sk-o" } }, "http://127.0.0.1:8787")).toEqual({
      kind: "endpoint",
      origin: "http://127.0.0.1:8787",
      key: "sk-o",
    });
    expect(credentialScopeOf(target, { byTarget: { local: "sk-t" }, byOrigin: { "http://127.0.0.1:8787": "sk-o" } }, "http://127.0.0.1:8787")).toMatchObject({ key: "sk-t" });
    expect(credentialScopeOf(target, undefined, undefined)).toEqual({ kind: "none" });
    // In a browser each sandbox profile has a host of its own: the key is looked up, and sent, there.
    expect(credentialScopeOf(target, { byOrigin: { "http://fast.localhost:8787": "sk-h" } }, "http://127.0.0.1:8787", { hostPerProfile: true })).toEqual({
      kind: "endpoint",
      origin: "http://fast.localhost:8787",
      key: "sk-h",
    });
    expect(credentialScopeOf({ id: "g", provider: "groq", model: "m" }, { byTarget: { g: "sk" } }, undefined)).toEqual({ kind: "huggingface" });
  });
});

describe("apiKeyEnv in a scenario", () => {
  const base = { version: 1, name: "k", task: "chat-completion", inputs: ["Hi"] };
  const errorsOf = (target: Record<string, unknown>) => {
    const result = validateScenario({ ...base, targets: [target] });
    return result.ok ? [] : result.errors;
  };

  it("takes the name of an environment variable on an endpoint target", () => {
    expect(errorsOf({ id: "v", endpointUrl: "http://127.0.0.1:8000/v1", model: "m", apiKeyEnv: "VLLM_KEY" })).toEqual([]);
  });

  it("refuses a key pasted in place of a name, and a key on a provider target", () => {
    expect(errorsOf({ id: "v", endpointUrl: "http://127.0.0.1:8000/v1", model: "m", apiKeyEnv: "sk-abc123" })).toEqual([
      { path: "targets[0].apiKeyEnv", message: "must be the name of an environment variable (letters, digits, _), never the key itself" },
    ]);
    expect(errorsOf({ id: "v", endpointUrl: "http://127.0.0.1:8000/v1", model: "m", apiKeyEnv: "hf_abcdefGHIJKLmnopqrstuvWXYZ012345" })).toEqual([
      { path: "targets[0].apiKeyEnv", message: "looks like a key: give the name of the environment variable that holds it (e.g. VLLM_KEY)" },
    ]);
    expect(errorsOf({ id: "g", provider: "groq", model: "m", apiKeyEnv: "GROQ_KEY" })).toEqual([
      { path: "targets[0].apiKeyEnv", message: "only endpointUrl targets take a key: provider targets use the Hugging Face token (HF_TOKEN)" },
    ]);
  });
});

describe("endpointKeysFromEnvironment", () => {
  const targets = [
    { id: "hf", provider: "groq" as const, model: "m" },
    { id: "vllm", endpointUrl: "http://127.0.0.1:8000/v1", model: "m", apiKeyEnv: "VLLM_KEY" },
    { id: "tgi", endpointUrl: "http://127.0.0.1:8001/v1", model: "m" },
  ];

  it("reads each named variable, by target", () => {
    expect(endpointKeysFromEnvironment({ targets }, { VLLM_KEY: " sk-v " })).toEqual({ ok: true, keys: { byTarget: { vllm: "sk-v" } } });
  });

  it("names the field and the variable when it is not set or empty", () => {
    for (const env of [{}, { VLLM_KEY: "  " }]) {
      expect(endpointKeysFromEnvironment({ targets }, env)).toEqual({
        ok: false,
        message: "targets[1].apiKeyEnv: the environment variable VLLM_KEY is not set (it holds the key for vllm)",
      });
    }
  });
});

describe("scopedFetch in a browser", () => {
  it("refuses a keyed endpoint's opaque redirect (the browser hides where it goes) and asks fetch not to follow", async () => {
    const seen: RequestInit[] = [];
    const browserFetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(init ?? {});
      return { type: "opaqueredirect", status: 0, headers: new Headers(), body: null } as unknown as Response;
    }) as typeof fetch;
    const scope = { kind: "endpoint", origin: "https://a.example", key: "sk-a" } as const;
    await expect(scopedFetch(browserFetch, scope)("https://a.example/v1/chat/completions", { method: "POST", body: "{}" })).rejects.toThrow(
      "https://a.example answered with a redirect the browser does not disclose: not followed, so its key stays with https://a.example",
    );
    expect(seen.map((init) => [init.redirect, new Headers(init.headers).get("authorization")])).toEqual([["manual", "Bearer sk-a"]]);
  });
});
