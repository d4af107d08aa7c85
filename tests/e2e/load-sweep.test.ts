// The bundled concurrency sweep run in the dashboard, as a newcomer would: each sandbox profile has a host of
// its own in the browser (core/endpoints/sandbox-url.ts), so six requests per target go out at once without waiting for
// one of the browser's connections, and the Compare page marks the slow profile (2 at once) as saturating
// at 4, the profile whose throughput grew least, and never the fast or steady one, however busy the browser.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCurves, type TargetCurve } from "../../src/core/load";
import { runScenarioInApp, startBrowserSession, storedRun, type BrowserSession } from "./harness";

const SCENARIO_KEY = "bundled:sandbox-load-sweep";

let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  // The sandbox's own pace (about 45 s): at shorter delays the browser's own work between two requests, on a
  // busy machine, becomes a share of each slot large enough to blur where the server's capacity is.
  session = await startBrowserSession("load-sweep", { sandboxTimeScale: 1 });
  page = session.page;
  await session.servers.openApp(page);
}, 120_000);

afterAll(async () => {
  await session?.close();
});

/** Throughput at the highest level over throughput at the lowest: how much more the target served. */
function throughputGain(curve: TargetCurve): number {
  const first = curve.points[0]?.throughput;
  const last = curve.points.at(-1)?.throughput;
  if (!first || !last) throw new Error(`${curve.targetId} has no throughput at the first or last level`);
  return last / first;
}

async function saturatedStage(targetId: string): Promise<number | null> {
  const stage = await page.getByTestId("saturation-list").locator(`li[data-target="${targetId}"]`).getAttribute("data-saturated-stage");
  return stage === null || stage === "" ? null : Number(stage);
}

describe("the bundled sweep in the browser", () => {
  it("runs with no request waiting for a browser connection, and marks the slow profile saturating, having gained least, and no other", async () => {
    await page.evaluate((hash) => (window.location.hash = hash), `#/run/${encodeURIComponent(SCENARIO_KEY)}`);
    await page.getByTestId("run-button").waitFor();
    // Six per profile fits the browser's six connections per host: nothing to warn about before the run…
    expect(await page.getByTestId("connection-limit-warning").count()).toBe(0);

    const run = await runScenarioInApp(page, SCENARIO_KEY, 240_000);
    expect(run.status).toBe("completed");
    expect(run.failedRequests).toBe(0);
    // …and nothing queued in the browser during it (Resource Timing, read by the Run page's watch).
    expect(await page.getByTestId("connection-limit-observed").count()).toBe(0);

    await page.evaluate((hash) => (window.location.hash = hash), `#/compare/${encodeURIComponent(run.runId)}`);
    await page.getByTestId("saturation-list").waitFor({ timeout: 60_000 });
    // Levels 1, 2, 4, 6: the slow profile serves 2 at once, so its throughput cannot grow past level 2; the
    // judgement (an interval on each side) may need the second level above to be sure.
    const verdicts = await page.getByTestId("saturation-list").innerText();
    const slow = await saturatedStage("slow");
    expect([2, 3], verdicts).toContain(slow);

    // The page shows the judgement of the records it stored, for every target.
    const stored = await storedRun(page, run.runId);
    const curves = loadCurves(stored.records, stored.run!.spec);
    for (const curve of curves) expect(await saturatedStage(curve.targetId), verdicts).toBe(curve.saturatedAt);

    // Fast and steady serve every level the sweep sends (fast has no limit, steady 16 at once): on a loaded
    // machine the browser itself slows them (late reads, sends, a busy tab), but the judgement reads the
    // provider's own time per request (request sent → the network's last byte), which the browser's delays
    // leave out, so they are never called saturated; the stages where the browser was the limit are named.
    expect(await saturatedStage("fast"), verdicts).toBeNull();
    expect(await saturatedStage("steady"), verdicts).toBeNull();
    // What holds however busy: slow, held to 2 at once by the server, gained least from six times the load,
    // and no more than its capacity allows.
    const gains = Object.fromEntries(curves.map((curve) => [curve.targetId, throughputGain(curve)]));
    const described = JSON.stringify(gains);
    expect(gains.slow, described).toBeLessThan(2.5);
    expect(gains.slow, described).toBeLessThan(gains.fast!);
    expect(gains.slow, described).toBeLessThan(gains.steady!);
  }, 300_000);
});
