// Every page at a phone's width (390 px) in Chromium, and the notice a `?sandbox=` link raises: nothing makes the page scroll sideways (wide tables
// scroll inside their own box), and every header item stays on screen. The same pages at 1280 px keep
// their wide layout within the window too. Screenshots of each land in test-artifacts/.
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectPageErrors, horizontalOverflow, saveScenarioThroughUi, startRunInApp, waitForRunToEnd, startBrowserSession, type BrowserSession, type Servers } from "./harness";

const ARTIFACTS = resolve(import.meta.dirname, "../../test-artifacts");
const NARROW = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 800 };
const HEADER_ITEMS = ["ProviderBench", "Scenarios", "Run", "Compare", "History", "Providers", "Settings"];

/** Long enough to look at the Run page while it runs: `slow` takes about half a second a request here. */
const SCENARIO = {
  version: 1,
  name: "Narrow screen: a run with a long name that must wrap rather than push the page sideways",
  task: "chat-completion",
  targets: [
    { id: "fast-provider-with-a-long-id", label: "A fast provider with a long label", endpointUrl: "sandbox:/fast/v1", model: "m" },
    { id: "slow", endpointUrl: "sandbox:/slow/v1", model: "m" },
    { id: "flaky", endpointUrl: "sandbox:/flaky/v1", model: "m" },
  ],
  inputs: ["Name a river.", "Name a mountain."],
  parameters: { max_tokens: 16 },
  run: { repetitions: 4, concurrency: 2, stream: true, timeoutMs: 20_000, retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5 } },
};

let session: BrowserSession;
let servers: Servers;
let context: BrowserContext;

beforeAll(async () => {
  session = await startBrowserSession("narrow", { sandboxTimeScale: 0.5 });
  ({ servers, context } = session);
  await mkdir(ARTIFACTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await session?.close();
});

interface HeaderItem {
  text: string;
  left: number;
  right: number;
  visible: boolean;
}

function measureHeader(page: Page): Promise<HeaderItem[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll(".app-header a")).map((link) => {
      const box = link.getBoundingClientRect();
      const style = getComputedStyle(link);
      return {
        text: (link.textContent ?? "").trim(),
        left: box.left,
        right: box.right,
        visible: box.width > 0 && box.height > 0 && style.visibility !== "hidden" && style.display !== "none",
      };
    }),
  );
}

async function expectFits(page: Page, name: string, viewport: { width: number }): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${viewport.width}px-${name}.png`), fullPage: true });
  const overflow = await horizontalOverflow(page);
  expect(overflow.scrollWidth, `${name} at ${viewport.width} px; sticking out: ${overflow.overflowing.join(", ")}`).toBeLessThanOrEqual(viewport.width);
  const header = await measureHeader(page);
  expect(header.map((item) => item.text.replace(/\s*\(in progress\)$/, ""))).toEqual(HEADER_ITEMS);
  for (const item of header) {
    expect(item.visible, `${name}: header item ${item.text}`).toBe(true);
    expect(item.left, `${name}: header item ${item.text}`).toBeGreaterThanOrEqual(0);
    expect(item.right, `${name}: header item ${item.text}`).toBeLessThanOrEqual(viewport.width);
  }
}

async function goTo(page: Page, hash: string): Promise<void> {
  await page.evaluate((target) => (window.location.hash = target), hash);
}

describe.each([
  { name: "narrow", viewport: NARROW },
  { name: "wide", viewport: WIDE },
])("every page at $viewport.width px", ({ viewport }) => {
  // Each test's own scenario and run; the two only share the browser.
  it("fits the window: Scenarios, Run during and after a run, Compare, History, Trends and Settings", async () => {
    const page = await context.newPage();
    // The flaky provider's 5xx answers are expected; Chromium logs each failed load.
    const errors = collectPageErrors(page, (text) => text.startsWith("Failed to load resource"));
    await page.setViewportSize(viewport);
    // A fresh profile first meets the notice asking about the link's sandbox: it must fit too.
    await page.goto(servers.appUrl());
    await page.locator("#main").waitFor({ state: "attached" });
    const linkNotice = page.getByTestId("sandbox-link-notice");
    if (await linkNotice.isVisible()) await expectFits(page, "sandbox-link-notice", viewport);
    await servers.openApp(page);
    await page.locator("[data-scenario-key]").first().waitFor();
    await expectFits(page, "scenarios", viewport);

    const key = await saveScenarioThroughUi(page, { ...SCENARIO, name: `${SCENARIO.name} (${viewport.width} px)` });
    await goTo(page, `#/run/${encodeURIComponent(key)}`);
    await page.getByTestId("run-button").waitFor();
    await expectFits(page, "run-before", viewport);
    await startRunInApp(page, key);
    // Some requests done, the run still going: the live summary and chart are on the page.
    await expect.poll(async () => Number(await page.getByTestId("progress").getAttribute("data-done")), { timeout: 30_000 }).toBeGreaterThan(2);
    expect(await page.getByTestId("abort-button").isVisible()).toBe(true);
    await expectFits(page, "run-during", viewport);
    const run = await waitForRunToEnd(page, 60_000);
    await expectFits(page, "run-after", viewport);

    await goTo(page, `#/compare/${encodeURIComponent(run.runId)}`);
    await page.getByTestId("summary-table").waitFor();
    await page.getByTestId("records-table").waitFor();
    await page.locator(".recharts-surface").first().waitFor();
    // The verdict panel, the column chooser and every pair's table and forest plot, opened, fit too.
    await page.getByTestId("verdict-panel").waitFor();
    await page.getByTestId("column-chooser").locator("summary").first().click();
    await page.getByTestId("pairwise-details").locator("summary").click();
    await page.getByTestId("forest-plot").locator(".recharts-surface").waitFor();
    await expectFits(page, "compare", viewport);

    await goTo(page, "#/history");
    await page.getByTestId("history-row").first().waitFor();
    await expectFits(page, "history", viewport);

    await goTo(page, "#/history/trends");
    await page.getByTestId("trend-section").first().locator(".recharts-surface").waitFor();
    await expectFits(page, "trends", viewport);

    await goTo(page, "#/settings");
    await page.getByRole("button", { name: "Check" }).waitFor();
    await expectFits(page, "settings", viewport);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
