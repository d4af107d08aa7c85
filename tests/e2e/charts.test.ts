// The compare page's charts in Chromium, hovered as a user would: the percentile tooltip lists targets
// in legend order (not alphabetically), and a timeline point's tooltip names its target.
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectPageErrors, runScenarioInApp, saveScenarioThroughUi, startBrowserSession, type BrowserSession, type Servers, downloadedBytes } from "./harness";

// Labels whose alphabetical order is not the scenario's: a tooltip sorted by name would show it.
const LABELS = ["Zulu cloud", "Alpha local", "Mike hosted"];
const SCENARIO = {
  version: 1,
  name: "Charts in legend order",
  task: "chat-completion",
  targets: [
    { id: "zulu", label: LABELS[0], endpointUrl: "sandbox:/fast/v1", model: "m" },
    { id: "alpha", label: LABELS[1], endpointUrl: "sandbox:/steady/v1", model: "m" },
    { id: "mike", label: LABELS[2], endpointUrl: "sandbox:/flaky/v1", model: "m" },
  ],
  inputs: ["Name a river.", "Name a mountain."],
  parameters: { max_tokens: 8 },
  run: { repetitions: 3, concurrency: 6, stream: true, timeoutMs: 20_000, retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5 } },
};

let session: BrowserSession;
let servers: Servers;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  session = await startBrowserSession("charts", { sandboxTimeScale: 0.1 });
  ({ servers, page } = session);
  // The flaky provider's 5xx answers are expected; Chromium logs each failed load.
  pageErrors = collectPageErrors(page, (text) => text.startsWith("Failed to load resource"));
  await servers.openApp(page);
  const key = await saveScenarioThroughUi(page, SCENARIO);
  const run = await runScenarioInApp(page, key);
  expect(run.status).toBe("completed");
  await page.evaluate((hash) => (window.location.hash = hash), `#/compare/${encodeURIComponent(run.runId)}`);
  await page.getByTestId("summary-table").waitFor();
}, 120_000);

afterAll(async () => {
  await session?.close();
});

/** The chart inside the section with this title. */
function chartSection(title: string): Locator {
  return page.locator("section.pb-section").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

/**
 * Hovers the centre of `element` until `tooltip` shows. One mouse move is one chance: on a busy machine the
 * page may still be laying out (charts below draw as they scroll into view and push this one), so the point
 * moves between reading its box and the move landing. Each try moves off and back onto where it is now.
 */
async function hoverUntilShown(element: Locator, tooltip: Locator): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await element.scrollIntoViewIfNeeded();
    const box = await element.boundingBox();
    if (!box) throw new Error("nothing to hover");
    await page.mouse.move(0, 0);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    try {
      await tooltip.waitFor({ timeout: 2_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

describe("charts on the compare page", () => {
  it("show where the time goes from the browser's Resource Timing (the sandbox sends Timing-Allow-Origin)", async () => {
    const chart = page.getByTestId("phase-chart");
    for (const target of ["zulu", "alpha"]) {
      await expect.poll(() => chart.getByTestId(`phase-row-${target}`).locator(".pb-phase-segment").count()).toBeGreaterThan(0);
    }
    expect(await chart.getByTestId("phases-not-exposed").count()).toBe(0);
  });

  it("list targets in legend order in the percentile tooltip", async () => {
    const section = chartSection("Latency percentiles");
    await expect.poll(() => section.getByTestId("chart-legend").getByRole("listitem").allInnerTexts()).toEqual(LABELS);
    await section.locator(".recharts-bar-rectangle").first().waitFor();
    const tooltip = section.getByTestId("chart-tooltip");
    await hoverUntilShown(section.locator(".recharts-bar-rectangle").first(), tooltip);
    const rows = await tooltip.getByRole("listitem").allInnerTexts();
    expect(rows.map((row) => LABELS.find((label) => row.startsWith(label)))).toEqual(LABELS);
  });

  it("name the target of a hovered timeline point", async () => {
    const section = chartSection("Latency over the run");
    await section.locator(".pb-scatter-series path").first().waitFor();
    const tooltip = section.getByTestId("chart-tooltip");
    // Anywhere in the plot: the tooltip is the nearest point's.
    await hoverUntilShown(section.locator(".pb-scatter-hover"), tooltip);
    const text = await tooltip.innerText();
    expect(LABELS.some((label) => text.includes(label)), text).toBe(true);
    expect(text).toMatch(/s into the run/);
    expect(pageErrors).toEqual([]);
  });

  it("save a chart as an SVG file and as a PNG drawn through a canvas", async () => {
    const chart = page.getByTestId("ecdf-latency");
    await chart.locator(".recharts-area-area").first().waitFor();
    const [svg] = await Promise.all([page.waitForEvent("download"), chart.getByRole("button", { name: /as SVG$/ }).click()]);
    expect(svg.suggestedFilename()).toBe("latency-distribution-ecdf.svg");
    const markup = (await downloadedBytes(svg)).toString("utf8");
    const parsed = await page.evaluate((text) => {
      const document = new DOMParser().parseFromString(text, "image/svg+xml");
      return { errors: document.getElementsByTagName("parsererror").length, root: document.documentElement.tagName, texts: [...document.querySelectorAll("text")].map((node) => node.textContent) };
    }, markup);
    expect(parsed.errors).toBe(0);
    expect(parsed.root).toBe("svg");
    expect(parsed.texts).toEqual(expect.arrayContaining(LABELS));

    const [png] = await Promise.all([page.waitForEvent("download"), chart.getByRole("button", { name: /as PNG$/ }).click()]);
    expect(png.suggestedFilename()).toBe("latency-distribution-ecdf.png");
    const bytes = await downloadedBytes(png);
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // Width × height from the IHDR chunk: twice the chart's size on screen.
    expect(bytes.readUInt32BE(16)).toBeGreaterThan(600);
    expect(pageErrors).toEqual([]);
  });
});
