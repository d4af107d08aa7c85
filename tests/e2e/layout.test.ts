// The stylesheets applied, seen in Chromium. On Compare, "Where the time goes" draws its bars (they are
// HTML spans that only the stylesheet gives a size), and at a phone's width the page does not scroll
// sideways even with the pickers that grow to their longest option: the run picker (a second run with a
// long name) and the outputs' input picker (a long prompt). History and the Run page's live summary show
// each run and each target as a card at that width, every figure and action on screen. In Settings,
// each label stays on its field's line.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { horizontalOverflow, runScenarioInApp, saveScenarioThroughUi, startBrowserSession, type BrowserSession } from "./harness";

const SCENARIO = {
  version: 1,
  name: "Compare layout: a scenario whose name is long enough to push a picker of runs far past a phone's width",
  task: "chat-completion",
  targets: [
    { id: "fast", endpointUrl: "sandbox:/fast/v1", model: "m" },
    { id: "steady", endpointUrl: "sandbox:/steady/v1", model: "m" },
  ],
  inputs: [
    "Describe, in one sentence and without any lists, the longest river that crosses more than three countries on its way to the sea.",
    "Name a mountain.",
  ],
  parameters: { max_tokens: 8 },
  run: { repetitions: 2, concurrency: 4, stream: true, timeoutMs: 20_000 },
};

let session: BrowserSession;
let page: Page;
let runId: string;

beforeAll(async () => {
  session = await startBrowserSession("layout", { sandboxTimeScale: 0.1 });
  page = session.page;
  await session.servers.openApp(page);
  const key = await saveScenarioThroughUi(page, SCENARIO);
  // Two runs, so the Compare page offers the other one in its run picker.
  for (let run = 0; run < 2; run++) {
    const finished = await runScenarioInApp(page, key);
    expect(finished.status).toBe("completed");
    runId = finished.runId;
  }
}, 120_000);

afterAll(async () => {
  await session?.close();
});

async function openCompare(): Promise<void> {
  await page.evaluate((hash) => (window.location.hash = hash), `#/compare/${encodeURIComponent(runId)}`);
  await page.getByTestId("summary-table").waitFor();
}

describe("the Compare page's layout", () => {
  it("draws a bar of phases for each target in Where the time goes", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openCompare();
    const chart = page.getByTestId("phase-chart");
    for (const target of ["fast", "steady"]) {
      const segments = chart.getByTestId(`phase-row-${target}`).locator(".pb-phase-segment");
      await expect.poll(() => segments.count()).toBeGreaterThan(0);
      for (const segment of await segments.all()) {
        const box = await segment.boundingBox();
        expect(box?.width, `a ${target} segment's width`).toBeGreaterThan(0);
        expect(box?.height, `a ${target} segment's height`).toBeGreaterThan(4);
      }
    }
    // The legend is one wrapping row of phases, not a bulleted column.
    const legendItems = await chart.getByRole("list", { name: "Phases" }).getByRole("listitem").all();
    const tops = await Promise.all(legendItems.map(async (item) => (await item.boundingBox())?.y));
    expect(new Set(tops).size).toBe(1);
  });

  it("does not scroll sideways at 390 px, with the run picker and the outputs' input picker on it", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openCompare();
    await page.getByTestId("baseline-picker").waitFor();
    await page.getByTestId("outputs-by-input").waitFor();
    await page.getByTestId("phase-chart").waitFor();
    await page.locator(".recharts-surface").first().waitFor();
    const overflow = await horizontalOverflow(page);
    expect(overflow.scrollWidth, `sticking out: ${overflow.overflowing.join(", ")}`).toBeLessThanOrEqual(390);
  });
});

/** Elements of the page that are not wholly inside the window's width (cut off, or behind a sideways scroll). */
async function outsideTheWindow(selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) => {
    const width = document.documentElement.clientWidth;
    return elements
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width === 0 || box.left < -0.5 || box.right > width + 0.5;
      })
      .map((element) => `${element.getAttribute("data-column") ?? element.textContent?.trim().slice(0, 30)} (${Math.round(element.getBoundingClientRect().left)}–${Math.round(element.getBoundingClientRect().right)})`);
  });
}

describe("tables as cards on a phone", () => {
  it("shows each History run's status, numbers and every action within 390 px", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate((hash) => (window.location.hash = hash), "#/history");
    const row = page.getByTestId("history-row").first();
    await row.locator('[data-column="measured"]').filter({ hasText: /\d/ }).waitFor();
    const cells = '[data-testid="history-row"] :is(td, th)';
    const actions = '[data-testid="history-row"] .row-actions > :is(a, button)';
    expect(await page.locator(actions).count()).toBeGreaterThanOrEqual(2 * 3);
    expect(await outsideTheWindow(cells)).toEqual([]);
    expect(await outsideTheWindow(actions)).toEqual([]);
    expect(await outsideTheWindow('[data-testid="history-row"] .badge')).toEqual([]);
    // Each figure says what it is, as the hidden header would.
    expect(await row.locator('[data-column="errors"]').evaluate((cell) => getComputedStyle(cell, "::before").content)).toBe('"Failed"');
    const overflow = await horizontalOverflow(page);
    expect(overflow.scrollWidth, `sticking out: ${overflow.overflowing.join(", ")}`).toBeLessThanOrEqual(390);
  });

  it("shows every figure of the Run page's live summary within 390 px", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate((hash) => (window.location.hash = hash), "#/run");
    await page.getByTestId("live-summary-row").first().waitFor();
    const cells = '[data-testid="live-summary-row"] :is(td, th)';
    // Requests, failures, latency, TTFT and tokens/s for each of the two targets.
    expect(await page.locator(cells).count()).toBeGreaterThanOrEqual(2 * 6);
    expect(await outsideTheWindow(cells)).toEqual([]);
    const overflow = await horizontalOverflow(page);
    expect(overflow.scrollWidth, `sticking out: ${overflow.overflowing.join(", ")}`).toBeLessThanOrEqual(390);
  });

  it("keeps them tables at 1280 px", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate((hash) => (window.location.hash = hash), "#/history");
    await page.getByTestId("history-row").first().waitFor();
    expect(await page.locator(".history-table thead").evaluate((head) => getComputedStyle(head).display)).toBe("table-header-group");
    expect(await page.locator('[data-testid="history-row"]').first().evaluate((row) => getComputedStyle(row).display)).toBe("table-row");
  });
});

describe("the Settings page's layout", () => {
  it("keeps each endpoint key field on the line of its label", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate((hash) => (window.location.hash = hash), "#/settings");
    for (const name of ["Endpoint URL", "Key"]) {
      const field = page.getByLabel(name, { exact: true });
      const label = page.locator(`label[for="${await field.getAttribute("id")}"]`);
      const [labelBox, fieldBox] = [await label.boundingBox(), await field.boundingBox()];
      const labelMiddle = labelBox!.y + labelBox!.height / 2;
      expect(labelMiddle, `"${name}" beside its field`).toBeGreaterThan(fieldBox!.y);
      expect(labelMiddle, `"${name}" beside its field`).toBeLessThan(fieldBox!.y + fieldBox!.height);
      expect(labelBox!.x, `"${name}" before its field`).toBeLessThan(fieldBox!.x);
    }
  });
});
