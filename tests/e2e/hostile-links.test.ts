// Hostile links and scenarios in the built app: a `?sandbox=` link only proposes where sandbox requests
// go (nothing is sent there, nothing is saved, until the user accepts), and a scenario whose parameters
// would route a provider target elsewhere is refused, so the Hugging Face token never reaches that host.
// Offline: the site, the sandbox and an echoing server on 127.0.0.1; Hugging Face's hosts by page.route.
import type { Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestRecord } from "../../src/core/record";
import { startEchoServer, type EchoServer } from "../mocks/echo-server";
import { dumpDatabase, runScenarioInApp, saveScenarioThroughUi, storedRun, startBrowserSession, type BrowserSession, type Servers } from "./harness";

const TOKEN = "hf_SENTINEL_hostile_links_0123456789abc";
const MODEL = "meta-llama/Llama-3.1-8B-Instruct";
const SANDBOX_URL_KEY = "providerbench.sandboxUrl";
const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "authorization, content-type, x-hf-bill-to",
  "access-control-allow-methods": "GET, POST, OPTIONS",
};

let session: BrowserSession;
let servers: Servers;
let echo: EchoServer;
let page: Page;
/** Every request the page sent: its address and whether it carried the token anywhere. */
const sent: { url: string; carriesToken: boolean }[] = [];

beforeAll(async () => {
  [session, echo] = await Promise.all([startBrowserSession("hostile-links", { sandboxTimeScale: 0.2 }), startEchoServer()]);
  ({ servers, page } = session);
  page.on("request", (request) => {
    void request.allHeaders().then((headers) => sent.push({ url: request.url(), carriesToken: `${request.url()} ${JSON.stringify(headers)} ${request.postData() ?? ""}`.includes(TOKEN) }));
  });
  await page.route("https://huggingface.co/**", answerHub);
  await page.route("https://router.huggingface.co/**", answerEchoingRouter);
}, 120_000);

afterAll(async () => {
  await Promise.all([session?.close(), echo?.close()]);
});

async function answerHub(route: Route): Promise<void> {
  if (route.request().method() === "OPTIONS") return route.fulfill({ status: 204, headers: CORS_HEADERS });
  const mapping = { groq: { providerId: "groq-model", status: "live", task: "conversational" } };
  await route.fulfill({ headers: CORS_HEADERS, json: { _id: "mock", id: MODEL, inferenceProviderMapping: mapping } });
}

/** A provider that echoes the Authorization header it got into its answer. */
async function answerEchoingRouter(route: Route): Promise<void> {
  const request = route.request();
  if (request.method() === "OPTIONS") return route.fulfill({ status: 204, headers: CORS_HEADERS });
  const authorization = (await request.allHeaders()).authorization ?? "(none)";
  const content = `authorization=${authorization}`;
  await route.fulfill({
    headers: CORS_HEADERS,
    json: {
      id: "chatcmpl-mock",
      object: "chat.completion",
      created: 1714873384,
      model: "groq-model",
      choices: [{ index: 0, message: { role: "assistant", content }, logprobs: null, finish_reason: "stop" }],
      usage: { prompt_tokens: 3, completion_tokens: 3, total_tokens: 6 },
    },
  });
}

const savedSandboxUrl = (): Promise<string | null> => page.evaluate((key) => localStorage.getItem(key), SANDBOX_URL_KEY);
const notice = () => page.getByTestId("sandbox-link-notice");

describe("a ?sandbox= link", () => {
  it("asks before the first sandbox is set, and the keyboard alone can accept it", async () => {
    await page.goto(servers.appUrl());
    await notice().waitFor();
    expect(await savedSandboxUrl()).toBeNull();
    expect(new URL(page.url()).search).toBe("");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Use this sandbox");
    await page.keyboard.press("Enter");
    await notice().waitFor({ state: "detached" });
    expect(await savedSandboxUrl()).toBe(servers.sandbox.url);
  });

  it("to another server changes nothing when ignored, and no request goes there", async () => {
    await page.goto(`${servers.site.url}/?sandbox=${encodeURIComponent(echo.url)}#/`);
    await notice().waitFor();
    expect(await notice().innerText()).toContain(echo.url);
    expect(await notice().innerText()).toContain(servers.sandbox.url);
    await page.keyboard.press("Escape");
    await notice().waitFor({ state: "detached" });
    expect(await savedSandboxUrl()).toBe(servers.sandbox.url);

    const key = await saveScenarioThroughUi(page, {
      version: 1,
      name: "Sandbox after an ignored link",
      task: "chat-completion",
      targets: [{ id: "fast", endpointUrl: "sandbox:/fast/v1", model: "m" }],
      inputs: ["Hello"],
    });
    const run = await runScenarioInApp(page, key);
    expect(run.status).toBe("completed");
    const { records } = await storedRun(page, run.runId);
    expect(records.map((record) => record.status)).toEqual(["ok"]);
    expect(sent.some((request) => request.url.startsWith(`${servers.profileUrl("fast")}/chat/completions`))).toBe(true);
    expect(echo.arrived).toEqual([]);
    expect(sent.filter((request) => request.url.startsWith(echo.url))).toEqual([]);

    // Reloading the page the link led to asks nothing again: the link was taken off the address.
    await page.reload();
    await page.locator("#main").waitFor({ state: "attached" });
    expect(await notice().count()).toBe(0);
  });

  it("to another server changes where sandbox requests go only once accepted", async () => {
    await page.goto(`${servers.site.url}/?sandbox=${encodeURIComponent(echo.url)}#/settings`);
    await notice().getByRole("button", { name: "Use this sandbox" }).click();
    await notice().waitFor({ state: "detached" });
    expect(await savedSandboxUrl()).toBe(echo.url);
    expect(await page.locator("p.hint", { hasText: "In use:" }).innerText()).toContain(echo.url);
    // Back to the real sandbox, the same way.
    await servers.openApp(page);
    expect(await savedSandboxUrl()).toBe(servers.sandbox.url);
  });
});

describe("routing keys in a scenario's parameters", () => {
  beforeAll(async () => {
    await page.evaluate(() => (window.location.hash = "#/settings"));
    await page.getByLabel("Token", { exact: true }).fill(TOKEN);
    await page.getByRole("button", { name: "Save token" }).click();
    await page.getByTestId("masked-token").waitFor();
    await page.evaluate(() => (window.location.hash = "#/"));
  });

  it("are refused by Check and save, each named by its path, and nothing is saved or sent", async () => {
    echo.arrived.length = 0;
    const spec = {
      version: 1,
      name: "Send the token home",
      task: "chat-completion",
      targets: [{ id: "groq", provider: "groq", model: MODEL }],
      inputs: ["Hello"],
      parameters: { provider: null, endpointUrl: `${echo.url}/v1`, accessToken: "hf_other", max_tokens: 8 },
    };
    await page.getByLabel("Or paste scenario JSON").fill(JSON.stringify(spec));
    await page.getByRole("button", { name: "Check and save" }).click();
    const problems = page.getByRole("list", { name: "Problems in the scenario" });
    await problems.waitFor();
    const text = await problems.innerText();
    for (const key of ["provider", "endpointUrl", "accessToken"]) expect(text).toContain(`parameters.${key} not a request parameter`);
    expect(text).not.toContain("max_tokens");
    expect(await page.getByRole("heading", { name: spec.name, exact: true }).count()).toBe(0);
    expect(echo.arrived).toEqual([]);
  });

  it("leave a valid provider run's token in the Authorization header to Hugging Face only, and redacted where echoed", async () => {
    echo.arrived.length = 0;
    const key = await saveScenarioThroughUi(page, {
      version: 1,
      name: "Provider and echo server",
      task: "chat-completion",
      targets: [
        { id: "groq", provider: "groq", model: MODEL },
        { id: "echo", endpointUrl: ` HTTP://127.0.0.1:${new URL(echo.url).port}/v1 `, model: "m" },
      ],
      inputs: ["Hello"],
      parameters: { max_tokens: 8 },
    });
    const run = await runScenarioInApp(page, key);
    expect(run.status).toBe("completed");
    const { records } = await storedRun(page, run.runId);
    const outputOf = (targetId: string) => records.filter((record: RequestRecord) => record.targetId === targetId).map((record) => [record.status, record.output]);
    // The provider echoed the token; IndexedDB holds it redacted.
    expect(outputOf("groq")).toEqual([["ok", "authorization=Bearer [redacted]"]]);
    // The endpoint, written in capitals with spaces, was reached directly, without the token.
    expect(outputOf("echo")).toEqual([["ok", "authorization=(none)"]]);
    expect(echo.arrived.filter((arrived) => arrived.method === "POST").map((arrived) => [arrived.url, arrived.headers.authorization])).toEqual([["/v1/chat/completions", undefined]]);
    expect(JSON.stringify(echo.arrived)).not.toContain(TOKEN);
    const carrying = sent.filter((request) => request.carriesToken);
    expect(carrying.length).toBeGreaterThan(0);
    for (const request of carrying) expect(new URL(request.url).hostname.endsWith("huggingface.co"), request.url).toBe(true);
    expect(JSON.stringify(await dumpDatabase(page))).not.toContain(TOKEN);
  });
});
