// A run too large to read whole in the page (more than LARGE_RUN_RECORDS records) arrives as a bundle on
// History, and opens on Compare in Chromium: the stored summary at once, the charts drawn from the run's
// columns, a note saying which views are left to the command line, and a records table that reads the
// rows in view from IndexedDB as it is scrolled and filtered, and a records CSV written chunk by chunk.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BundleRun, bundlePieces } from "../../src/core/io/bundle";
import type { RequestRecord } from "../../src/core/record";
import { LARGE_RUN_RECORDS } from "../../src/ui/features/compare/large-run";
import { nightlyScenario } from "../unit/nightly-series";
import { requestRecord } from "../unit/request-record";
import { collectPageErrors, countStoredRecords, parseCsvRows, startBrowserSession, type BrowserSession, downloadedBytes } from "./harness";

const RUN_ID = "large-run";
const COUNT = LARGE_RUN_RECORDS + 20_000;
const TARGETS = ["fast", "slow"];
const STARTED_AT = 1_700_000_000_000;

let session: BrowserSession;
let page: Page;
let pageErrors: string[];
let bundlePath: string;

/** Request i: targets alternate; every 20th fails (rate limited); latencies spread over 100–1,099 ms. */
function record(index: number): RequestRecord {
  const failed = index % 20 === 19;
  return requestRecord({
    runId: RUN_ID,
    targetId: TARGETS[index % 2]!,
    inputIndex: index,
    startedAt: STARTED_AT + index * 5,
    latencyMs: 100 + ((index * 7919) % 1000),
    ttftMs: failed ? null : 40 + (index % 60),
    status: failed ? "error" : "ok",
    errorKind: failed ? "rate_limited" : null,
    httpStatus: failed ? 429 : 200,
    errorMessage: failed ? "slow down" : null,
    inputTokens: 12,
    outputTokens: failed ? null : 30,
    output: failed ? null : `answer ${index}`,
  });
}

beforeAll(async () => {
  session = await startBrowserSession("e2e-large-run", { sandboxTimeScale: 0.2 });
  ({ page } = session);
  pageErrors = collectPageErrors(page);
  const scenario = nightlyScenario(TARGETS, "A large imported run");
  const run: BundleRun = {
    id: RUN_ID,
    scenarioName: scenario.name,
    scenario,
    startedAt: STARTED_AT,
    planned: COUNT,
    appVersion: "test",
    libraryVersions: {},
    origin: { label: "load-box", tool: "providerbench-cli", toolVersion: "test", host: "load-box", userAgent: null },
    replayOfRunId: null,
  };
  const records = (function* () {
    for (let index = 0; index < COUNT; index++) yield record(index);
  })();
  bundlePath = join(session.workDirectory, "large.pbrun.json.gz");
  writeFileSync(bundlePath, gzipSync([...bundlePieces(run, records, { status: "completed", finishedAt: STARTED_AT + COUNT * 5, errorMessage: null, blobs: [] })].join("")));
  await session.servers.openApp(page);
}, 120_000);

afterAll(async () => {
  await session?.close();
});

const shownInputIndexes = async (): Promise<number[]> =>
  (await page.getByTestId("record-row").evaluateAll((rows) => rows.map((row) => row.children[1]?.textContent ?? ""))).map(Number);

describe("a run too large to read whole, in Chromium", () => {
  it("imports, then opens on Compare drawn from its columns, saying what is left to the command line", async () => {
    await page.evaluate(() => (window.location.hash = "#/history"));
    await page.getByTestId("run-import-input").setInputFiles(bundlePath);
    await page.getByText("Imported", { exact: true }).waitFor({ timeout: 90_000 });
    expect(await countStoredRecords(page, RUN_ID)).toBe(COUNT);

    await page.evaluate((runId) => (window.location.hash = `#/compare/${runId}`), RUN_ID);
    await page.getByTestId("summary-table").waitFor();
    await page.getByTestId("large-run-notice").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("large-run-notice").textContent()).toContain(`This run holds ${COUNT.toLocaleString("en-US")} records`);
    // Both ECDFs count every successful request of each target: the columns hold the whole run.
    const ok = (targetId: string): string => {
      let count = 0;
      for (let index = 0; index < COUNT; index++) if (TARGETS[index % 2] === targetId && record(index).status === "ok") count++;
      return count.toLocaleString("en-US");
    };
    const bands = await page.getByTestId("ecdf-band-widths").allTextContents();
    expect(bands).toHaveLength(2);
    for (const band of bands) expect(band).toMatch(new RegExp(`fast: .*\\(n = ${ok("fast")}\\) · slow: .*\\(n = ${ok("slow")}\\)`));
    expect(await page.getByTestId("outputs-by-input").count()).toBe(0);
    expect(await page.getByTestId("verdict-panel").textContent()).toContain("not read whole in the browser");
  });

  it("reads the records in view as the table is scrolled to its end and filtered", async () => {
    await expect.poll(() => page.getByTestId("records-count").textContent()).toBe(`${COUNT.toLocaleString("en-US")} records`);
    await expect.poll(async () => (await shownInputIndexes())[0]).toBe(0);

    await page.locator(".pb-records-scroll").evaluate((viewport) => (viewport.scrollTop = viewport.scrollHeight));
    await expect.poll(async () => Math.max(...(await shownInputIndexes())), { timeout: 15_000 }).toBe(COUNT - 1);

    await page.getByLabel("Status").selectOption("error");
    expect(await page.getByTestId("records-count").textContent()).toBe(`${(COUNT / 20).toLocaleString("en-US")} of ${COUNT.toLocaleString("en-US")} records`);
    await page.locator(".pb-records-scroll").evaluate((viewport) => (viewport.scrollTop = 0));
    await expect.poll(async () => (await shownInputIndexes()).slice(0, 3), { timeout: 15_000 }).toEqual([19, 39, 59]);
    expect(await page.getByTestId("record-row").first().textContent()).toContain("rate_limited");
  });

  it("writes the records CSV of every record from the store, a chunk at a time", async () => {
    const [download] = await Promise.all([page.waitForEvent("download", { timeout: 60_000 }), page.getByTestId("export-records-csv").click()]);
    const rows = parseCsvRows((await downloadedBytes(download)).toString("utf8"));
    expect(rows).toHaveLength(COUNT);
    expect(rows.map((row) => Number(row.inputIndex))).toEqual(Array.from({ length: COUNT }, (_, index) => index));
    expect(rows.at(-1)).toMatchObject({ targetId: "slow", status: "error", errorKind: "rate_limited" });
    expect(pageErrors).toEqual([]);
  });
});
