// A fortnight of nightly runs reaches History as a folder of bundles (written with the bundle writer
// from a seeded series in which one target slows by 25% from the 8th night), with a broken bundle, a README
// and the nightly script's own nights.json beside them. The folder imports at once, the broken file named,
// nights.json quietly left out as not a run, and the rest kept; Trends shows
// the scenario with the change point on the slowed target at the 8th run and on no other target, a point
// opens its run by keyboard and by click, and the view fits a phone's width.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundlePieces } from "../../src/core/io/bundle";
import { NIGHTLY_SUMMARY_FILE_NAME, type NightlySummary } from "../../src/core/io/imports";
import { collectPageErrors, startBrowserSession, storedRows, storedRuns, type BrowserSession } from "./harness";
import { nightlySeries } from "../unit/nightly-series";

let session: BrowserSession;
let page: Page;
let pageErrors: string[];
let folder: string;
const nights = nightlySeries({ nights: 12, targets: ["fast", "steady", "slow"], slowed: "slow", fromNight: 8, factor: 1.25 });

beforeAll(async () => {
  session = await startBrowserSession("e2e-trends", { sandboxTimeScale: 0.2 });
  ({ page } = session);
  pageErrors = collectPageErrors(page);
  folder = join(session.workDirectory, "nightly");
  mkdirSync(folder);
  for (const { run, records } of nights) {
    const text = [...bundlePieces(run, records, { status: "completed", finishedAt: run.startedAt + 60_000, errorMessage: null, blobs: [] })].join("");
    writeFileSync(join(folder, `${run.id}.pbrun.json.gz`), gzipSync(text));
  }
  // A bundle whose records name another run, cut short in the middle, and a file that is not a run at all.
  const broken = [...bundlePieces(nights[0]!.run, nights[0]!.records.slice(0, 5), { status: "completed", finishedAt: null, errorMessage: null, blobs: [] })].join("");
  writeFileSync(join(folder, "night-broken.pbrun.json.gz"), gzipSync(broken.replace("night-01", "night-xx").slice(0, Math.floor(broken.length * 0.6))));
  writeFileSync(join(folder, "README.txt"), "Nightly bundles\n");
  // What `npm run simulate-nightly` writes beside its bundles.
  const summary: NightlySummary = {
    drift: "slow=+25%@8",
    maxRegression: "latencyMs.p50=10%",
    nights: nights.map(({ run }, index) => ({ night: index + 1, bundle: `${run.id}.pbrun.json.gz`, exitCode: 0, gate: index === 0 ? "baseline" : "passed", regressions: [] })),
  };
  writeFileSync(join(folder, NIGHTLY_SUMMARY_FILE_NAME), `${JSON.stringify(summary, null, 2)}\n`);
  await session.servers.openApp(page);
}, 120_000);

afterAll(async () => {
  await session?.close();
});

const section = (metric: string) => page.locator(`[data-testid="trend-section"][data-metric="${metric}"]`);

describe("Trends in Chromium", () => {
  it("imports a folder of twelve bundles at once, naming the broken file and keeping the rest", async () => {
    await page.evaluate(() => (window.location.hash = "#/history"));
    await page.getByTestId("run-import-folder").setInputFiles(folder);
    await expect.poll(() => page.getByTestId("run-import-count").textContent(), { timeout: 60_000 }).toBe("12 of 13 files imported");
    await page.getByText("night-broken.pbrun.json.gz could not be imported").waitFor();
    expect(await page.getByText("Left out, not run files by their names: README.txt.").count()).toBe(1);
    // The nightly script's summary is ours and not a run: listed as left out, not refused in red.
    expect(await page.getByTestId("run-import-not-runs").textContent()).toBe("Left out: nights.json (simulate-nightly's summary of each night's gate, not a run).");
    expect(await page.getByText("nights.json could not be imported").count()).toBe(0);
    const runs = await storedRuns(page);
    expect(runs.map((run) => run.id).sort()).toEqual(nights.map((night) => night.run.id));
    // Every stored summary is current: Trends reads them, not the records.
    expect(runs.every((run) => run.summary !== null)).toBe(true);
    // Nothing of the broken file stayed behind.
    const chunks = await storedRows<{ runId: string }>(page, "recordChunks");
    expect(new Set(chunks.map((chunk) => chunk.runId))).toEqual(new Set(nights.map((night) => night.run.id)));
  });

  it("shows the change point on the slowed target at the 8th run, and none on the others", async () => {
    await page.getByTestId("trends-link").click();
    await section("latencyMs.p50").locator(".recharts-surface").waitFor();
    expect(await page.getByTestId("trend-series").locator("option").allTextContents()).toEqual(["Nightly: streaming chat (12 runs)"]);
    // Twelve points per target, each a run from the bundles, labelled by origin.
    const latencyPoints = section("latencyMs.p50").getByTestId("trend-point");
    expect(await latencyPoints.count()).toBe(36);
    expect(await latencyPoints.first().getAttribute("aria-label")).toMatch(/^fast, run 1 of 12 \(.*, from nightly-ci\): p50 latency .* \(95% interval .*\)\. Opens the run\.$/);

    const marked = section("latencyMs.p50").locator('[data-testid="trend-point"][data-change="true"]');
    expect(await marked.count()).toBe(1);
    expect(await marked.getAttribute("data-target-id")).toBe("slow");
    expect(await marked.getAttribute("data-run-id")).toBe("night-08");
    expect(await marked.getByTestId("trend-change-marker").count()).toBe(1);
    const listed = section("latencyMs.p50").getByTestId("trend-change");
    expect(await listed.count()).toBe(1);
    const text = (await listed.textContent()) ?? "";
    expect(text).toContain("slow, p50 latency: changed from run 8 of 12");
    expect(text).toMatch(/Median [\d,.]+ ms \[[\d,.]+ ms – [\d,.]+ ms\] → [\d,.]+ ms \[[\d,.]+ ms – [\d,.]+ ms\] \(95% intervals: order statistics before, bootstrap after\), p [=≤] 0\.0\d+\./);

    // In every chart, only the slowed target has change points.
    expect(await page.locator('[data-testid="trend-point"][data-change="true"]:not([data-target-id="slow"])').count()).toBe(0);
    expect(await page.locator('[data-testid="trend-change"]:not([data-target-id="slow"])').count()).toBe(0);
    // The screen reader's summary of the chart says the same.
    expect(await section("latencyMs.p50").locator("svg.recharts-surface > desc").textContent()).toBe(
      "fast: 12 runs, no change point; steady: 12 runs, no change point; slow: 12 runs, a change from run 8",
    );
  });

  it("opens a run from its point, by keyboard (one Tab stop per chart, arrow keys between points) and by click", async () => {
    const latency = section("latencyMs.p50");
    // Tab enters the chart at its change point.
    const entry = latency.locator('[data-testid="trend-point"][tabindex="0"]');
    expect(await entry.count()).toBe(1);
    expect([await entry.getAttribute("data-target-id"), await entry.getAttribute("data-run-id")]).toEqual(["slow", "night-08"]);
    await entry.focus();
    const focused = () => page.evaluate(() => [document.activeElement?.getAttribute("data-target-id"), document.activeElement?.getAttribute("data-run-id")]);
    await page.keyboard.press("ArrowRight");
    expect(await focused()).toEqual(["slow", "night-09"]);
    await page.keyboard.press("ArrowUp");
    expect(await focused()).toEqual(["steady", "night-09"]);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe("#/compare/night-09");
    // The run's own page, saying where it was made.
    await page.getByText("made at nightly-ci").first().waitFor();
    await page.goBack();
    await latency.locator(".recharts-surface").waitFor();
    // A point clear of the other lines (the slowed target after its change), so nothing covers it.
    await latency.locator('[data-testid="trend-point"][data-target-id="slow"][data-run-id="night-10"]').click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe("#/compare/night-10");
  });

  it("imports several files dropped at once, and lists their scenario beside the first", async () => {
    await page.evaluate(() => (window.location.hash = "#/history"));
    const other = nightlySeries({ nights: 3, targets: ["alpha", "beta"], runIdPrefix: "other", scenarioName: "Other: embeddings" });
    const files = other.map(({ run, records }) => ({
      name: `${run.id}.pbrun.json.gz`,
      base64: gzipSync([...bundlePieces(run, records, { status: "completed", finishedAt: null, errorMessage: null, blobs: [] })].join("")).toString("base64"),
    }));
    const dataTransfer = await page.evaluateHandle((dropped) => {
      const transfer = new DataTransfer();
      for (const file of dropped) transfer.items.add(new File([Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0))], file.name, { type: "application/gzip" }));
      return transfer;
    }, files);
    await page.dispatchEvent('[data-testid="run-import-zone"]', "drop", { dataTransfer });
    await expect.poll(() => page.getByTestId("run-import-count").textContent(), { timeout: 30_000 }).toBe("3 of 3 files imported");
    await page.getByTestId("trends-link").click();
    await section("latencyMs.p50").locator(".recharts-surface").waitFor();
    expect(await page.getByTestId("trend-series").locator("option").allTextContents()).toEqual(["Nightly: streaming chat (12 runs)", "Other: embeddings (3 runs)"]);
  });

  it("fits a phone's width", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => (window.location.hash = "#/history/trends"));
    await section("latencyMs.p50").locator(".recharts-surface").waitFor();
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, chart: document.querySelector(".recharts-surface")?.getBoundingClientRect().right ?? 0 }));
    expect(widths.scroll).toBeLessThanOrEqual(390);
    expect(widths.chart).toBeLessThanOrEqual(390);
    expect(await section("latencyMs.p50").getByTestId("trend-change").isVisible()).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});
