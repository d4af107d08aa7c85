// The Run page's warning about the browser's six HTTP/1.1 connections per host: shown before a run whose
// scenario keeps more requests than that in flight to one server, and after it, with the queueing that
// Resource Timing saw. (The bundled scenario, which keeps six, shows none: see dashboard.test.ts.) Each sandbox
// profile has a host of its own in the browser (core/endpoints/sandbox-url.ts), so two targets share one here by
// calling the same profile.
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScenarioInApp, saveScenarioThroughUi, startBrowserSession, type BrowserSession, type Servers } from "./harness";

const ARTIFACTS = resolve(import.meta.dirname, "../../test-artifacts");

const CONCURRENCY_16 = {
  version: 1,
  name: "Sixteen at once",
  task: "chat-completion",
  targets: [
    { id: "fast-a", endpointUrl: "sandbox:/fast/v1", model: "m" },
    { id: "fast-b", endpointUrl: "sandbox:/fast/v1", model: "m" },
  ],
  inputs: ["Name a river.", "Name a mountain."],
  parameters: { max_tokens: 8 },
  run: { repetitions: 8, concurrency: 16, stream: true, timeoutMs: 20_000 },
};

/** Where the app sends the fast profile's requests: its own host (core/endpoints/sandbox-url.ts). */
const fastOrigin = (): string => new URL(servers.profileUrl("fast")).origin;

let session: BrowserSession;
let servers: Servers;
let page: Page;

beforeAll(async () => {
  session = await startBrowserSession("connections", { sandboxTimeScale: 0.2 });
  ({ servers, page } = session);
  await servers.openApp(page);
}, 120_000);

afterAll(async () => {
  await session?.close();
});

describe("a concurrency-16 sandbox scenario on the Run page", () => {
  // Before and after the same run: one test, since the report after depends on the run it warned about.
  it("warns before the run, naming the server, the count and what to do, and reports after it the requests that waited", async () => {
    const scenarioKey = await saveScenarioThroughUi(page, CONCURRENCY_16);
    await page.evaluate((hash) => (window.location.hash = hash), `#/run/${encodeURIComponent(scenarioKey)}`);
    const warning = page.getByTestId("connection-limit-warning");
    await warning.waitFor();
    expect(await warning.getByTestId("connection-limit-planned").innerText()).toBe(
      `This scenario keeps up to 16 requests in flight to ${fastOrigin()} (fast-a, fast-b).`,
    );
    const advice = await warning.innerText();
    expect(advice).toContain("run.perTargetConcurrency 3 or less");
    expect(advice).toContain("npm run cli -- run scenario.json");
    expect(advice).toContain("HTTPS endpoint");
    expect(await warning.getByTestId("connection-limit-observed").count()).toBe(0);

    const run = await runScenarioInApp(page, scenarioKey);
    expect(run.status).toBe("completed");
    const observed = page.getByTestId("connection-limit-observed");
    await observed.waitFor();
    const match = /In this run, (\d+) of (\d+) requests to (\S+) waited in the browser for a free connection, up to ([\d,.]+) ms/.exec(await observed.innerText());
    expect(match, await observed.innerText()).not.toBeNull();
    const [, queued, requests, origin, longestWait] = match!;
    expect(origin).toBe(fastOrigin());
    expect(Number(requests)).toBe(run.planned);
    // Sixteen started at once over six connections: at least the ten beyond six waited.
    expect(Number(queued)).toBeGreaterThanOrEqual(10);
    expect(Number(longestWait!.replace(/,/g, ""))).toBeGreaterThan(10);
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, "connection-limit-warning.png") });
  }, 90_000);
});
