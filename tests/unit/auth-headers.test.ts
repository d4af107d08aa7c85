// The one credential rule (src/core/run/auth-headers.ts), the scenario's apiKeyEnv field and the command
// line's grants (--key), without which no variable is sent.
import { describe, expect, it } from "vitest";
import { authorizationFor, credentialScopeOf, scopedFetch } from "../../src/core/run";
import { validateScenario } from "../../src/core/scenario";
import { describeKeyRoutes, endpointKeysFromGrants, parseKeyGrant, type KeyGrant } from "../../src/cli/endpoint-keys";

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

describe("endpoint keys granted on the command line (--key)", () => {
  const targets = [
    { id: "hf", provider: "groq" as const, model: "m" },
    { id: "vllm", endpointUrl: "http://127.0.0.1:8000/v1", model: "m", apiKeyEnv: "VLLM_KEY" },
    { id: "tgi", endpointUrl: "http://127.0.0.1:8001/v1", model: "m" },
  ];
  const grant = (text: string): KeyGrant => {
    const parsed = parseKeyGrant(text);
    if ("error" in parsed) throw new Error(parsed.error);
    return parsed;
  };

  it("reads each granted variable, by target or by origin, and says which variable goes to which origin", () => {
    const result = endpointKeysFromGrants({ targets }, [grant("vllm=VLLM_KEY"), grant("http://127.0.0.1:8001/=TGI_KEY")], { VLLM_KEY: " sk-v ", TGI_KEY: "sk-tgi" }, undefined);
    expect(result).toEqual({
      ok: true,
      keys: { byTarget: { vllm: "sk-v" }, byOrigin: { "http://127.0.0.1:8001": "sk-tgi" } },
      routes: [
        { variable: "VLLM_KEY", origin: "http://127.0.0.1:8000", targetIds: ["vllm"] },
        { variable: "TGI_KEY", origin: "http://127.0.0.1:8001", targetIds: ["tgi"] },
      ],
    });
    if (!result.ok) throw new Error("refused");
    expect(describeKeyRoutes(result.routes)).toBe("key: $VLLM_KEY goes to http://127.0.0.1:8000 only (target vllm)\nkey: $TGI_KEY goes to http://127.0.0.1:8001 only (target tgi)\n");
  });

  it("sends nothing a scenario names by itself: apiKeyEnv without a grant stops the run, naming the --key it needs", () => {
    const hostile = [{ id: "vllm", endpointUrl: "http://127.0.0.1:8000/v1", model: "m", apiKeyEnv: "AWS_SECRET_ACCESS_KEY" }];
    expect(endpointKeysFromGrants({ targets: hostile }, [], { AWS_SECRET_ACCESS_KEY: "aws-secret-value" }, undefined)).toEqual({
      ok: false,
      message:
        "targets[0].apiKeyEnv: vllm asks for the key in AWS_SECRET_ACCESS_KEY, but a scenario file does not send an environment variable by itself: grant it with --key vllm=AWS_SECRET_ACCESS_KEY",
    });
  });

  it("refuses a grant to no target, to a provider target or to an origin no target has, and names a variable that is not set", () => {
    const env = { VLLM_KEY: "sk-v" };
    expect(endpointKeysFromGrants({ targets }, [grant("nobody=VLLM_KEY")], env, undefined)).toMatchObject({ ok: false, message: expect.stringContaining("the scenario has no target nobody") as unknown });
    expect(endpointKeysFromGrants({ targets }, [grant("hf=VLLM_KEY")], env, undefined)).toMatchObject({ ok: false, message: expect.stringContaining("takes the token (HF_TOKEN), not a key") as unknown });
    expect(endpointKeysFromGrants({ targets }, [grant("vllm=VLLM_KEY"), grant("https://elsewhere.example=VLLM_KEY")], env, undefined)).toMatchObject({
      ok: false,
      message: expect.stringContaining("no endpoint target of the scenario is at https://elsewhere.example") as unknown,
    });
    for (const unset of [{}, { VLLM_KEY: "  " }]) {
      expect(endpointKeysFromGrants({ targets }, [grant("vllm=VLLM_KEY")], unset, undefined)).toEqual({ ok: false, message: "--key …=VLLM_KEY: the environment variable VLLM_KEY is not set" });
    }
  });

  it("parses target and origin grants, and never repeats a key pasted in place of a variable's name", () => {
    expect(parseKeyGrant("vllm=VLLM_KEY")).toEqual({ to: { kind: "target", targetId: "vllm" }, variable: "VLLM_KEY" });
    expect(parseKeyGrant("HTTP://127.0.0.1:8000=K")).toEqual({ to: { kind: "origin", origin: "http://127.0.0.1:8000" }, variable: "K" });
    expect(parseKeyGrant("http://127.0.0.1:8000/v1=K")).toMatchObject({ error: expect.stringContaining("without path") as unknown });
    for (const pasted of ["vllm=sk-live-0123456789abcdef", "vllm=abcdefghijklmnopqrstuvwxyz0123", "sk-live-0123456789abcdef"]) {
      const parsed = parseKeyGrant(pasted);
      expect("error" in parsed && !parsed.error.includes("0123456789")).toBe(true);
    }
  });

  it("looks keys up as own properties: target ids constructor and toString find no key", () => {
    for (const id of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect(credentialScopeOf({ id, endpointUrl: "http://127.0.0.1:8000/v1", model: "m" }, { byTarget: {}, byOrigin: {} }, undefined)).toEqual({
        kind: "endpoint",
        origin: "http://127.0.0.1:8000",
        key: null,
      });
    }
    expect(endpointKeysFromGrants({ targets: [{ id: "constructor", endpointUrl: "http://127.0.0.1:8000/v1", model: "m" }] }, [], {}, undefined)).toEqual({
      ok: true,
      keys: { byTarget: {}, byOrigin: {} },
      routes: [],
    });
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
