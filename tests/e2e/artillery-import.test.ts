// Artillery's report of an exported test (tests/fixtures/imports/artillery-report.json, from a real local
// `artillery run`) imported on History in Chromium: a summary-level run that lists, opens on Compare with
// the counts Artillery saw, and breaks nothing for having no records.
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectPageErrors, startBrowserSession, storedRun, storedRuns, type BrowserSession } from "./harness";

const repoRoot = new URL("../..", import.meta.url).pathname;

let session: BrowserSession;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  session = await startBrowserSession("e2e-artillery", { sandboxTimeScale: 0.2 });
  ({ page } = session);
  pageErrors = collectPageErrors(page);
  await session.servers.openApp(page);
}, 180_000);

afterAll(async () => {
  await session?.close();
});

describe("an Artillery report in Chromium", () => {
  it("imports on History as a summary-level run that opens on Compare with Artillery's counts", async () => {
    await page.evaluate(() => (window.location.hash = "#/history"));
    await page.getByTestId("run-import-input").setInputFiles(join(repoRoot, "tests/fixtures/imports/artillery-report.json"));
    await page.getByText("Imported", { exact: true }).waitFor();

    const imported = (await storedRuns(page)).find((run) => run.imported?.format === "artillery");
    expect(imported?.origin?.tool).toBe("artillery");
    const { run, records } = await storedRun(page, imported!.id);
    expect(records).toEqual([]);
    expect(run?.summary?.rows.map((row) => [row.targetId, row.requests, row.failedRequests])).toEqual([
      ["err503", 6, 6],
      ["fast", 6, 0],
    ]);
    const row = page.locator(`[data-testid="history-row"][data-run-id="${imported!.id}"]`);
    await row.waitFor();

    await page.evaluate((hash) => (window.location.hash = hash), `#/compare/${encodeURIComponent(imported!.id)}`);
    const table = page.getByTestId("summary-table");
    await table.waitFor();
    await expect.poll(() => table.textContent()).toContain("err503");
    expect(await table.textContent()).toContain("fast");
    // No request to draw: the page says why, instead of charts that read "no successful request".
    await page.getByTestId("summary-level-notice").waitFor();
    expect(await page.getByTestId("ecdf-band-widths").count()).toBe(0);
    expect(await page.getByTestId("records-table").count()).toBe(0);
    // A bundle carries records, not this table: the report file itself is what travels.
    expect(await page.getByTestId("bundle-button").isDisabled()).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});
