// The hostile provider (tests/hostile/hostile-server.ts) against the built app in Chromium: a server that
// holds its connections after [DONE] does not starve later requests of the browser's six connections per
// host, a gzip bomb ends as an error record with a bounded body, not a tab that grows without end, and an
// image answer's URL meets the command line's rule: its own origin only, within the byte limit.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MAX_RESPONSE_BYTES } from "../../src/core/measure";
import { startHostileServer, type HostileModeName, type HostileServer } from "../hostile/hostile-server";
import { runScenarioInApp, saveScenarioThroughUi, storedRun, startBrowserSession, type BrowserSession, type Servers } from "./harness";

let session: BrowserSession;
let servers: Servers;
let hostile: HostileServer;
let page: Page;

beforeAll(async () => {
  [session, hostile] = await Promise.all([startBrowserSession("hostile", { sandboxTimeScale: 0.2 }), startHostileServer()]);
  ({ servers, page } = session);
  await servers.openApp(page);
}, 120_000);

afterAll(async () => {
  await Promise.all([session?.close(), hostile?.close()]);
});

function hostileScenario(name: string, mode: HostileModeName, run: Record<string, unknown>) {
  return { version: 1, name, task: "chat-completion", targets: [{ id: mode, endpointUrl: hostile.endpoint(mode), model: "m" }], inputs: ["Say something."], run };
}

describe("a hostile provider in Chromium", () => {
  it("lets go of connections held after [DONE]: twelve requests, six connections, none times out", async () => {
    await page.evaluate(() => (window.location.hash = "#/"));
    // Twice the browser's six connections per host: held connections would leave the last six queued until their timeout.
    const key = await saveScenarioThroughUi(page, hostileScenario("Held after DONE", "hold-after-done", { stream: true, repetitions: 12, concurrency: 6, timeoutMs: 5000 }));
    const finished = await runScenarioInApp(page, key, 60_000);
    const { records } = await storedRun(page, finished.runId);
    expect(finished.status).toBe("completed");
    expect(records.map((record) => [record.status, record.errorKind])).toEqual(Array.from({ length: 12 }, () => ["ok", null]));
  }, 90_000);

  it("records a gzip bomb as an error with a bounded body", async () => {
    await page.evaluate(() => (window.location.hash = "#/"));
    const key = await saveScenarioThroughUi(page, hostileScenario("Gzip bomb", "gzip-bomb", { repetitions: 2, timeoutMs: 30_000 }));
    const finished = await runScenarioInApp(page, key, 90_000);
    const { records } = await storedRun(page, finished.runId);
    expect(finished.status).toBe("completed");
    expect(records).toHaveLength(2);
    for (const record of records) {
      expect(record).toMatchObject({ status: "error", errorKind: "bad_response", httpStatus: 200, output: null });
      expect(record.errorMessage).toContain("(run.maxResponseBytes)");
      // Reading stops at the first chunk past the limit; Chromium's decoded chunks can be over a megabyte.
      expect(record.outputBytes).toBeGreaterThan(DEFAULT_MAX_RESPONSE_BYTES);
      expect(record.outputBytes).toBeLessThan(DEFAULT_MAX_RESPONSE_BYTES + 8 * 1024 * 1024);
    }
  }, 120_000);

  it("fetches no image an answer points to on another origin, and reads one on the target's own origin within the byte limit", async () => {
    const elsewhere = await startHostileServer();
    try {
      await page.evaluate(() => (window.location.hash = "#/"));
      const imageScenario = (name: string, imageUrl: string) => ({
        version: 1,
        name,
        task: "text-to-image",
        targets: [{ id: "image-url", endpointUrl: hostile.endpoint("image-url"), model: "m" }],
        inputs: ["a red fox"],
        parameters: { image_url: imageUrl },
        run: { timeoutMs: 10_000, maxResponseBytes: 64 * 1024 },
      });
      const refusedKey = await saveScenarioThroughUi(page, imageScenario("Image elsewhere", elsewhere.fileUrl("endless.png")));
      const refused = await storedRun(page, (await runScenarioInApp(page, refusedKey, 60_000)).runId);
      expect(refused.records[0]).toMatchObject({ status: "error", errorKind: "bad_response" });
      expect(refused.records[0]!.errorMessage).toContain(`add "${elsewhere.url}" to the target's answerUrlOrigins`);
      expect(elsewhere.fileRequests).toEqual([]);

      await page.evaluate(() => (window.location.hash = "#/"));
      const endlessKey = await saveScenarioThroughUi(page, imageScenario("Endless image at home", hostile.fileUrl("endless.png")));
      const endless = await storedRun(page, (await runScenarioInApp(page, endlessKey, 60_000)).runId);
      expect(endless.records[0]).toMatchObject({ status: "error", errorKind: "bad_response" });
      expect(endless.records[0]!.errorMessage).toContain("64 KiB (run.maxResponseBytes)");
    } finally {
      await elsewhere.close();
    }
  }, 120_000);
});
