// First load in Chromium: cold loads of the built app's first screen, each in a fresh browser context
// (empty cache, empty storage), from navigation start to the first scenario card's Run button being
// visible, which is when the user can act.
import type { Browser } from "playwright-core";
import { format, markdownTable, median, spread } from "../measure-tools";
import { addInitScriptInPage, watchPageErrors } from "./chromium";

export interface FirstScreenResult {
  loads: number;
  toRunLinkMs: number[];
  firstContentfulPaintMs: number[];
  domContentLoadedMs: number[];
  /** Bytes over the network: the compressed size of everything the first screen fetched. */
  transferredBytes: number[];
}

/**
 * Installed before any of the page's scripts: notes, on every DOM change, whether the first Run button
 * is there and visible, against performance.now() (0 = navigation start).
 */
function watchForRunLink(): void {
  const record = window as unknown as { __runLinkVisibleAtMs?: number };
  const check = (): boolean => {
    // A card's Run is a button that starts the run (it was a link to the Run page).
    const button = document.querySelector<HTMLButtonElement>('[data-testid="scenario-run-button"]');
    if (button === null || button.disabled || !button.checkVisibility()) return false;
    record.__runLinkVisibleAtMs = performance.now();
    return true;
  };
  const observer = new MutationObserver(() => {
    if (check()) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
}

export async function measureFirstScreen(browser: Browser, options: { siteUrl: string; loads: number }, log: (line: string) => void): Promise<FirstScreenResult> {
  const result: FirstScreenResult = { loads: options.loads, toRunLinkMs: [], firstContentfulPaintMs: [], domContentLoadedMs: [], transferredBytes: [] };
  for (let load = 0; load < options.loads; load++) {
    if (load % 5 === 0) log(`  first screen: cold load ${load + 1}/${options.loads}`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await addInitScriptInPage(page, watchForRunLink);
      await page.goto(`${options.siteUrl}/`);
      // The paint and DOMContentLoaded entries may land after the link: wait for all three.
      await page.waitForFunction(
        () => {
          const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
          return (
            (window as unknown as { __runLinkVisibleAtMs?: number }).__runLinkVisibleAtMs !== undefined &&
            performance.getEntriesByName("first-contentful-paint").length > 0 &&
            (navigation?.domContentLoadedEventEnd ?? 0) > 0
          );
        },
        undefined,
        { timeout: 30_000 },
      );
      const timing = await page.evaluate(() => {
        const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
        const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        const paint = performance.getEntriesByName("first-contentful-paint")[0];
        return {
          toRunLinkMs: (window as unknown as { __runLinkVisibleAtMs: number }).__runLinkVisibleAtMs,
          firstContentfulPaintMs: paint?.startTime ?? null,
          domContentLoadedMs: navigation?.domContentLoadedEventEnd ?? null,
          transferredBytes: (navigation?.transferSize ?? 0) + resources.reduce((total, entry) => total + entry.transferSize, 0),
        };
      });
      if (timing.firstContentfulPaintMs === null || timing.domContentLoadedMs === null) throw new Error("first screen: the page reported no paint or navigation timing");
      errors.throwIfAny("a cold load of the first screen");
      result.toRunLinkMs.push(timing.toRunLinkMs);
      result.firstContentfulPaintMs.push(timing.firstContentfulPaintMs);
      result.domContentLoadedMs.push(timing.domContentLoadedMs);
      result.transferredBytes.push(timing.transferredBytes);
    } finally {
      await context.close();
    }
  }
  return result;
}

export function firstScreenTable(result: FirstScreenResult): string {
  const cell = (values: number[], scale = 1): string => `${format(median(values) / scale)} (${spread(values.map((value) => value / scale))})`;
  return markdownTable(
    ["cold loads", "navigation → first Run button visible ms (median, range)", "first contentful paint ms", "DOMContentLoaded ms", "transferred KB"],
    [[String(result.loads), cell(result.toRunLinkMs), cell(result.firstContentfulPaintMs), cell(result.domContentLoadedMs), cell(result.transferredBytes, 1000)]],
  );
}
