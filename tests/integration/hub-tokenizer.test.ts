// A model's own tokenizer fetched from the Hub (issue 29, item 1), against msw handlers that answer as
// huggingface.co does: tokenizer_config.json answered in place, tokenizer.json redirected to a CDN host,
// both naming the commit in X-Repo-Commit. The token seen by the huggingface.co handler only, the id
// naming the commit, the prompts exact under that tokenizer, the errors a person meets, and the command
// line's cache sparing a second download.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildSyntheticInputs, fetchHubTokenizer, type HubTokenizerSource } from "../../src/core/run";
import { buildSessionInputs } from "../../src/core/run/session-prompts";
import { formatScenarioErrors, type Scenario, validateScenario } from "../../src/core/scenario";
import { createHfTokenizer } from "../../src/core/workloads";
import { diskTokenizerCache } from "../../src/cli/tokenizer-cache";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";
import { runCliInProcess } from "./cli-in-process";
import { tinyTokenizerJson, TINY_TOKENIZER_CONFIG } from "../unit/core/workloads/tiny-tokenizer";

const HF_TOKEN = "hf_SENTINEL_tokenizer_token_0123456789";
const MODEL = "tiny-org/tiny-model";
const COMMIT = "0123456789abcdef0123456789abcdef01234567";
const CDN = "https://cas-bridge.xethub.hf.co";

interface Seen {
  url: string;
  authorization: string | null;
}
const seen: Seen[] = [];
const server = setupServer();

/** The Hub as it answers a public model: the config in place, tokenizer.json (an LFS file) sent on to the CDN. */
function hubHandlers(options: { tokenizerJson?: () => Response } = {}) {
  return [
    http.get(`https://huggingface.co/${MODEL}/resolve/:revision/tokenizer_config.json`, () => HttpResponse.json(TINY_TOKENIZER_CONFIG, { headers: { "x-repo-commit": COMMIT } })),
    http.get(
      `https://huggingface.co/${MODEL}/resolve/:revision/tokenizer.json`,
      () => new Response(null, { status: 302, headers: { location: `${CDN}/xet/tokenizer?signature=abc`, "x-repo-commit": COMMIT } }),
    ),
    http.get(`${CDN}/xet/tokenizer`, () => options.tokenizerJson?.() ?? HttpResponse.json(tinyTokenizerJson())),
  ];
}

/** A gated, missing or file-less repository: every file answered with this status and X-Error-Code. */
function refusing(status: number, code: string, file = ":file") {
  return http.get(`https://huggingface.co/${MODEL}/resolve/:revision/${file}`, () => new Response("{}", { status, headers: { "x-error-code": code, "x-repo-commit": COMMIT } }));
}

beforeAll(() => {
  server.events.on("request:start", ({ request }) => seen.push({ url: request.url, authorization: request.headers.get("authorization") }));
  // The sandbox's requests (the command line's run) go past msw to the sandbox itself.
  server.listen({ onUnhandledRequest: ({ url }, print) => (new URL(url).hostname === "127.0.0.1" ? undefined : print.error()) });
});
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

const bundled = JSON.parse(readFileSync(new URL("../../scenarios/sandbox-exact-lengths.json", import.meta.url), "utf8")) as Record<string, unknown> & { inputs: { synthetic: Record<string, unknown> } };

function scenarioWith(tokenizer: Record<string, unknown>): Scenario {
  const result = validateScenario({ ...bundled, inputs: { synthetic: { ...bundled.inputs.synthetic, count: 3, inputTokens: 48, outputTokens: 4, tokenizer } } });
  if (!result.ok) throw new Error(formatScenarioErrors(result.errors));
  return result.scenario;
}

const source = (accessToken?: string): HubTokenizerSource => ({ fetch: globalThis.fetch.bind(globalThis), accessToken });

describe("a model's tokenizer from the Hub", () => {
  it("cuts the prompts with it, exact under it, names its commit, and shows the token to huggingface.co only", async () => {
    server.use(...hubHandlers());
    const built = await buildSyntheticInputs(scenarioWith({ model: MODEL }), undefined, source(HF_TOKEN));
    expect(built!.workload.tokenizerId).toBe(`hf:${MODEL}@${COMMIT}`);
    const tiny = createHfTokenizer(tinyTokenizerJson(), TINY_TOKENIZER_CONFIG, { model: MODEL });
    expect(built!.inputs).toHaveLength(3);
    for (const input of built!.inputs) {
      const prompt = (input.messages as { content: string }[]).at(-1)!.content;
      expect(tiny.encode(prompt)).toHaveLength(48);
    }
    // tokenizer.json is asked for at the commit the config's answer named.
    expect(seen.map((request) => request.url)).toEqual([
      `https://huggingface.co/${MODEL}/resolve/main/tokenizer_config.json`,
      `https://huggingface.co/${MODEL}/resolve/${COMMIT}/tokenizer.json`,
      `${CDN}/xet/tokenizer?signature=abc`,
    ]);
    expect(seen.map((request) => request.authorization)).toEqual([`Bearer ${HF_TOKEN}`, `Bearer ${HF_TOKEN}`, null]);
  });

  it("counts the turns of synthetic sessions too, with the run's token", async () => {
    server.use(...hubHandlers());
    const multiTurn = JSON.parse(readFileSync(new URL("../../scenarios/sandbox-multi-turn.json", import.meta.url), "utf8")) as { inputs: { sessions: { synthetic: Record<string, unknown> } } };
    const result = validateScenario({ ...multiTurn, inputs: { sessions: { ...multiTurn.inputs.sessions, count: 1, synthetic: { ...multiTurn.inputs.sessions.synthetic, tokenizer: { model: MODEL } } } } });
    if (!result.ok) throw new Error(formatScenarioErrors(result.errors));
    const built = await buildSessionInputs(result.scenario, undefined, source(HF_TOKEN));
    expect(built!.workload!.tokenizerId).toBe(`hf:${MODEL}@${COMMIT}`);
    expect(seen[0]!.authorization).toBe(`Bearer ${HF_TOKEN}`);
  });

  it("keeps a revision asked for when the Hub names no commit, and sends no token it was not given", async () => {
    server.use(http.get(`https://huggingface.co/${MODEL}/resolve/v1.0/:file`, ({ params }) => (params.file === "tokenizer.json" ? HttpResponse.json(tinyTokenizerJson()) : new Response(null, { status: 404, headers: { "x-error-code": "EntryNotFound" } }))));
    const fetched = await fetchHubTokenizer(MODEL, "v1.0", source());
    expect(fetched.revision).toBe("v1.0");
    expect(fetched.files.config).toBeUndefined();
    expect(seen.every((request) => request.authorization === null)).toBe(true);
  });

  it("sends the token to https://huggingface.co itself only: not to a CDN on another huggingface.co host either", async () => {
    const cdn = "https://cdn-lfs-us-1.huggingface.co/repos/tiny/tokenizer.json";
    server.use(
      http.get(`https://huggingface.co/${MODEL}/resolve/:revision/tokenizer_config.json`, () => new Response(null, { status: 404, headers: { "x-error-code": "EntryNotFound" } })),
      http.get(`https://huggingface.co/${MODEL}/resolve/:revision/tokenizer.json`, () => new Response(null, { status: 302, headers: { location: cdn, "x-repo-commit": COMMIT } })),
      http.get(cdn, () => HttpResponse.json(tinyTokenizerJson())),
    );
    const fetched = await fetchHubTokenizer(MODEL, "main", source(HF_TOKEN));
    expect(fetched.revision).toBe(COMMIT);
    expect(seen.map((request) => [new URL(request.url).host, request.authorization])).toEqual([
      ["huggingface.co", `Bearer ${HF_TOKEN}`],
      ["huggingface.co", `Bearer ${HF_TOKEN}`],
      ["cdn-lfs-us-1.huggingface.co", null],
    ]);
  });

  it("lets a browser follow a redirect it will not disclose (opaqueredirect), asking again without redirect: manual", async () => {
    const asked: { url: string; redirect: RequestRedirect | undefined }[] = [];
    const browserLike: typeof fetch = async (input, init) => {
      asked.push({ url: String(input), redirect: init?.redirect });
      if (init?.redirect !== "manual") return Response.json(String(input).endsWith("tokenizer.json") ? tinyTokenizerJson() : TINY_TOKENIZER_CONFIG);
      return Object.defineProperty(new Response(null), "type", { value: "opaqueredirect" });
    };
    const fetched = await fetchHubTokenizer(MODEL, undefined, { fetch: browserLike });
    expect(fetched.files.tokenizerJson).toBe(JSON.stringify(tinyTokenizerJson()));
    expect(asked.map((request) => request.redirect)).toEqual(["manual", undefined, "manual", undefined]);
  });

  it("says what is wrong: a gated model, a missing one, a file it lacks, too big, offline", async () => {
    const failure = async (accessToken?: string) => (await buildSyntheticInputs(scenarioWith({ model: MODEL }), undefined, source(accessToken)).then(() => "no error", (error: Error) => error.message));
    const at = "scenario inputs: inputs.synthetic.tokenizer.model: ";
    server.use(refusing(401, "GatedRepo"));
    expect(await failure()).toBe(`${at}${MODEL} needs a token with access to ${MODEL} (HF_TOKEN on the command line, Settings in the dashboard)`);
    server.use(refusing(403, "GatedRepo"));
    expect(await failure(HF_TOKEN)).toBe(`${at}the token given has no access to ${MODEL}: a gated model's terms are accepted on its page, https://huggingface.co/${MODEL}`);
    server.use(refusing(401, "RepoNotFound"));
    expect(await failure()).toBe(`${at}${MODEL} was not found on the Hub (a private model needs a token that may read it)`);
    server.resetHandlers(refusing(404, "EntryNotFound", "tokenizer.json"), ...hubHandlers());
    expect(await failure()).toBe(`${at}${MODEL} has no tokenizer.json at ${COMMIT}: a model with only a sentencepiece tokenizer.model is not supported; convert it to a tokenizer.json and give it as { "file": "tokenizer.json" }`);

    // A tokenizer.json past the limit is refused (read a megabyte at a time, stopped at the limit).
    const megabyte = new Uint8Array(1024 * 1024);
    let sent = 0;
    const tooBig = () => new Response(new ReadableStream<Uint8Array>({ pull: (controller) => (++sent > 65 ? controller.close() : controller.enqueue(megabyte)) }));
    server.resetHandlers(...hubHandlers({ tokenizerJson: tooBig }));
    expect(await failure()).toBe(`${at}tokenizer.json of ${MODEL} is larger than 64 MB: not read; give it as { "file": … } if it is right`);

    server.resetHandlers(http.get("https://huggingface.co/*", () => HttpResponse.error()));
    expect(await failure()).toMatch(new RegExp(`^${at}tokenizer_config\\.json of ${MODEL} could not be read from huggingface\\.co \\(.*\\): offline\\? give the tokenizer as`));
  });

  it("is kept on disk by the command line: a second fetch reads it from the cache, not the CDN", async () => {
    server.use(...hubHandlers());
    const folder = mkdtempSync(join(tmpdir(), "pb-tokenizers-"));
    let said = "";
    const cache = diskTokenizerCache(folder, { stderr: { write: (text: string) => ((said += text), true) } as never });
    const first = await fetchHubTokenizer(MODEL, undefined, { ...source(), cache });
    expect(said).toBe(`tokenizer: hf:${MODEL}@${COMMIT}, downloaded from the Hub and kept in ${join(folder, "tiny-org", "tiny-model", COMMIT)}\n`);
    expect(readFileSync(join(folder, "tiny-org", "tiny-model", COMMIT, "tokenizer.json"), "utf8")).toBe(first.files.tokenizerJson);
    seen.length = 0;
    const second = await fetchHubTokenizer(MODEL, undefined, { ...source(), cache });
    expect(second).toEqual(first);
    expect(seen.map((request) => request.url)).toEqual([`https://huggingface.co/${MODEL}/resolve/main/tokenizer_config.json`]);
    // Asked at the commit itself, nothing goes out at all.
    seen.length = 0;
    expect((await fetchHubTokenizer(MODEL, COMMIT, { ...source(), cache })).revision).toBe(COMMIT);
    expect(seen).toEqual([]);
  });
});

describe("a model's tokenizer on the command line", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, timeScale: 0.02 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it("runs with it, prints what counted the prompts, and keeps it for the next run", async () => {
    server.use(...hubHandlers());
    const workDir = mkdtempSync(join(tmpdir(), "pb-hub-tokenizer-"));
    const scenarioPath = join(workDir, "hub-tokenizer.json");
    writeFileSync(scenarioPath, JSON.stringify({ ...bundled, targets: (bundled.targets as unknown[]).slice(0, 1), inputs: { synthetic: { ...bundled.inputs.synthetic, count: 2, inputTokens: 32, outputTokens: 4, tokenizer: { model: MODEL } } } }));
    const env = { PROVIDERBENCH_SANDBOX_URL: sandbox.url, XDG_CACHE_HOME: join(workDir, "cache"), HF_TOKEN };
    const first = await runCliInProcess(["run", scenarioPath, "--quiet"], env);
    expect(first.code, first.stderr).toBe(0);
    const kept = join(workDir, "cache", "providerbench", "tokenizers", "tiny-org", "tiny-model", COMMIT);
    expect(first.stderr).toContain(`tokenizer: hf:${MODEL}@${COMMIT}, downloaded from the Hub and kept in ${kept}\n`);
    expect(first.stderr).toContain(`prompts: 2 synthetic, counted by hf:${MODEL}@${COMMIT}, cut from corpus public-domain-1`);
    seen.length = 0;
    const second = await runCliInProcess(["run", scenarioPath, "--quiet"], env);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(`tokenizer: hf:${MODEL}@${COMMIT}, read from ${kept}\n`);
    expect(seen.filter((request) => !request.url.startsWith("http://127.0.0.1")).map((request) => request.url)).toEqual([`https://huggingface.co/${MODEL}/resolve/main/tokenizer_config.json`]);
  });
});
