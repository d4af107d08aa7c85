// `providers <model id>` in the test's own process, against msw handlers that answer as the Hub and the
// router do (tests/fixtures/catalog): the table, the JSON with each value's source, a failing router, an
// unknown model, and the token seen by huggingface.co handlers only.
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { catalogHandlers, type SeenRequest } from "../mocks/hf-catalog";
import { runCliInProcess } from "./cli-in-process";

const HF_TOKEN = "hf_SENTINEL_providers_token_0123456789";
const NOW = "2026-09-01T12:00:00.000Z";
const LLAMA = "meta-llama/Llama-3.1-8B-Instruct";

const seen: SeenRequest[] = [];
/** Every request msw saw, whichever handler (or none) answered it. */
const everyRequest: SeenRequest[] = [];
const server = setupServer();

beforeAll(() => {
  server.events.on("request:start", ({ request }) => everyRequest.push({ url: request.url, authorization: request.headers.get("authorization") }));
  server.listen({ onUnhandledRequest: "error" });
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW));
  server.use(...catalogHandlers(seen));
});
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
  seen.length = 0;
  everyRequest.length = 0;
});
afterAll(() => server.close());

const isHuggingFaceHost = (url: string): boolean => {
  const { protocol, hostname } = new URL(url);
  return protocol === "https:" && (hostname === "huggingface.co" || hostname.endsWith(".huggingface.co"));
};

describe("npm run cli -- providers", () => {
  it("prints every provider with its prices, context length and support, and where they came from", async () => {
    const result = await runCliInProcess(["providers", LLAMA], { HF_TOKEN });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        `${LLAMA}: 6 providers (the Hub's mapping, read ${NOW})`,
        "",
        "provider        status   router  provider model id                      task            context   in $/1M  out $/1M  tools  structured",
        "──────────────  ───────  ──────  ─────────────────────────────────────  ──────────────  ───────  ────────  ────────  ─────  ──────────",
        "cerebras        live     live    llama3.1-8b                            conversational   32,768     $0.10     $0.10  yes    yes",
        "groq            live     live    llama-3.1-8b-instant                   conversational  131,072     $0.05     $0.08  yes    no",
        "novita          live     live    meta-llama/llama-3.1-8b-instruct       conversational   16,384     $0.02     $0.05  no     no",
        "featherless-ai  live     live    meta-llama/Meta-Llama-3.1-8B-Instruct  conversational        —  no price  no price  —      —",
        "nscale          staging  live    meta-llama/Llama-3.1-8B-Instruct       conversational  131,072     $0.03     $0.03  no     yes",
        "sambanova       live     error   Meta-Llama-3.1-8B-Instruct             conversational   16,384     $0.10     $0.20  yes    no",
        "",
        `Prices (US dollars per million tokens), context, tools, structured output and router status: the router's list, read ${NOW}.`,
        "Free of charge for now, per the router (the listed price applies after): novita.",
        "Staging (for testing, left out of a comparison unless asked for): nscale.",
        "Listed by the router but not mapped by the Hub (not callable by this model id): hyperbolic.",
        "",
      ].join("\n"),
    );
    expect(seen.map((request) => request.url)).toEqual([`https://huggingface.co/api/models/${LLAMA}?expand[]=inferenceProviderMapping`, "https://router.huggingface.co/v1/models"]);
  });

  it("writes the table as JSON with each value's look-up and read time; a missing price is null", async () => {
    const result = await runCliInProcess(["providers", LLAMA, "--json", "--task", "chat-completion"], { HF_TOKEN });
    expect(result.code).toBe(0);
    const table = JSON.parse(result.stdout);
    expect(table.modelId).toBe(LLAMA);
    expect(table.task).toBe("chat-completion");
    expect(table.routerError).toBeNull();
    expect(table.rows).toHaveLength(6);
    const router = { lookup: "router-models", url: "https://router.huggingface.co/v1/models", readAt: NOW };
    const mapping = { lookup: "hub-provider-mapping", url: `https://huggingface.co/api/models/${LLAMA}?expand[]=inferenceProviderMapping`, readAt: NOW };
    expect(table.rows[1]).toEqual({
      provider: "groq",
      providerModelId: "llama-3.1-8b-instant",
      task: "conversational",
      status: "live",
      routerStatus: "live",
      contextLength: 131072,
      price: { inputPerMillionTokens: 0.05, outputPerMillionTokens: 0.08 },
      supportsTools: true,
      supportsStructuredOutput: false,
      isFree: null,
      sources: { provider: mapping, providerModelId: mapping, task: mapping, status: mapping, routerStatus: router, contextLength: router, price: router, supportsTools: router, supportsStructuredOutput: router, isFree: router },
    });
    expect(table.rows[3]).toMatchObject({ provider: "featherless-ai", price: null, contextLength: null, supportsTools: null });
    expect(table.sources).toEqual({ mapping, router });
    expect(table.routerOnly.map((listing: { provider: string }) => listing.provider)).toEqual(["hyperbolic"]);
  });

  it("sends the token to huggingface.co hosts, and to nothing else, even when the Hub redirects away", async () => {
    const elsewhere: SeenRequest[] = [];
    server.use(
      http.get("https://huggingface.co/api/models/moved/model", () => new HttpResponse(null, { status: 307, headers: { location: "https://elsewhere.example/api/models/moved/model?expand[]=inferenceProviderMapping" } })),
      http.get("https://elsewhere.example/api/models/moved/model", ({ request }) => {
        elsewhere.push({ url: request.url, authorization: request.headers.get("authorization") });
        return HttpResponse.json({ error: "not here" }, { status: 404 });
      }),
    );
    await runCliInProcess(["providers", LLAMA], { HF_TOKEN });
    await runCliInProcess(["providers", "moved/model"], { HF_TOKEN });
    const withToken = everyRequest.filter((request) => request.authorization !== null);
    expect(withToken.length).toBeGreaterThanOrEqual(3);
    expect(withToken.every((request) => isHuggingFaceHost(request.url) && request.authorization === `Bearer ${HF_TOKEN}`)).toBe(true);
    expect(everyRequest.filter((request) => !isHuggingFaceHost(request.url)).map((request) => request.authorization)).toEqual(elsewhere.map(() => null));
    expect(elsewhere).toEqual([{ url: "https://elsewhere.example/api/models/moved/model?expand[]=inferenceProviderMapping", authorization: null }]);
  });

  it("sends no Authorization at all without a token, and still answers for a public model", async () => {
    const result = await runCliInProcess(["providers", LLAMA], { HF_TOKEN: "" });
    expect(result.code).toBe(0);
    expect(seen).toHaveLength(2);
    expect(seen.every((request) => request.authorization === null)).toBe(true);
  });

  it("keeps the Hub's values when the router fails, saying what is unknown", async () => {
    server.use(http.get("https://router.huggingface.co/v1/models", () => HttpResponse.json({ error: "upstream timeout" }, { status: 503 })));
    const result = await runCliInProcess(["providers", LLAMA, "--task", "chat-completion"], { HF_TOKEN });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      "warning: the router's model list (https://router.huggingface.co/v1/models) answered HTTP 503: upstream timeout: prices, context lengths and support flags are unknown\n",
    );
    expect(result.stdout).toContain("groq            live     —       llama-3.1-8b-instant                   conversational        —        —         —  —      —");
    expect(result.stdout).toContain("Router values unknown: its list could not be read.");
    const json = JSON.parse((await runCliInProcess(["providers", LLAMA, "--json"], { HF_TOKEN })).stdout);
    expect(json.routerError).toContain("HTTP 503");
    expect(json.rows[0].sources.price).toBeNull();
  });

  it("lists only the providers serving the task asked for", async () => {
    const result = await runCliInProcess(["providers", LLAMA, "--task", "feature-extraction"], { HF_TOKEN });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${LLAMA}: 0 providers for feature-extraction (the Hub's mapping, read ${NOW})\n`);
  });

  it("fails with the Hub's reason for an unknown model, and on arguments it cannot use", async () => {
    const unknown = await runCliInProcess(["providers", "nobody/nothing"], { HF_TOKEN });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe("error: the Hub's provider mapping (https://huggingface.co/api/models/nobody/nothing?expand[]=inferenceProviderMapping) answered HTTP 404: Repository not found\n");
    const missing = await runCliInProcess(["providers"]);
    expect([missing.code, missing.stderr]).toEqual([2, "error: missing the model id: providers <model id> (e.g. meta-llama/Llama-3.1-8B-Instruct)\n(npm run cli -- providers --help lists the options)\n"]);
    const task = await runCliInProcess(["providers", LLAMA, "--task", "chat-complete"]);
    expect(task.stderr).toContain('--task: unknown task "chat-complete": did you mean chat-completion? (npm run cli -- tasks lists them)');
    const badId = await runCliInProcess(["providers", "../../settings"], { HF_TOKEN });
    expect(badId.stderr).toContain("is not a Hugging Face model id");
    // The unknown model's look-up only: no router look-up after it, no request for an argument refused.
    expect(everyRequest.map((request) => request.url)).toEqual(["https://huggingface.co/api/models/nobody/nothing?expand[]=inferenceProviderMapping"]);
    const help = await runCliInProcess(["providers", "--help"]);
    expect([help.code, help.stdout.split("\n")[0]]).toEqual([0, "Usage: npm run cli -- providers <model id> [--task <task>] [--json]"]);
  });
});
