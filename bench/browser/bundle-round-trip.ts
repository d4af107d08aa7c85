// A stored run's bundle out and in again, in Chromium, through the app's own export and import: how
// long each takes, how large the file is, and the JS heap's peak while the import runs (the import
// streams the file, so its heap should not grow with the run).
import type { BrowserContext } from "playwright-core";
import type { BundleRoundTrip } from "./page/bench-page-api";
import { format, markdownTable } from "../measure-tools";
import { callBenchPage, openBenchPage, watchPageErrors } from "./chromium";

export interface BundleRoundTripResult extends BundleRoundTrip {
  /** Highest JSHeapUsedSize sampled while the export and import ran (no forced GC: what the page held). */
  peakHeapBytes: number;
}

/** How often the JS heap is sampled while the round trip runs. */
const HEAP_SAMPLE_MS = 250;

export async function measureBundleRoundTrip(context: BrowserContext, siteUrl: string, runId: string): Promise<BundleRoundTripResult> {
  const page = await openBenchPage(context, siteUrl);
  const errors = watchPageErrors(page);
  const session = await context.newCDPSession(page);
  let peakHeapBytes = 0;
  let sampling = true;
  // Sampled from outside the page, so the sampling adds nothing to the page's own heap or event loop.
  const sampler = (async () => {
    await session.send("Performance.enable");
    while (sampling) {
      const { metrics } = await session.send("Performance.getMetrics");
      const heap = metrics.find((entry) => entry.name === "JSHeapUsedSize");
      if (heap !== undefined) peakHeapBytes = Math.max(peakHeapBytes, heap.value);
      await new Promise((resolve) => setTimeout(resolve, HEAP_SAMPLE_MS));
    }
  })();
  try {
    const result = await callBenchPage(page, "roundTripBundle", runId);
    errors.throwIfAny("the bundle round trip");
    return { ...result, peakHeapBytes };
  } finally {
    sampling = false;
    await sampler;
    await session.detach();
    await page.close();
  }
}

/** Rows for the large-run table: the bundle's size, export and import rates, and the heap's peak. */
export function bundleRoundTripTable(result: BundleRoundTripResult): string {
  const perSecond = (ms: number): string => Math.round(result.records / (ms / 1000)).toLocaleString("en-US");
  return markdownTable(
    ["measure", "result"],
    [
      ["records in the bundle", result.records.toLocaleString("en-US")],
      ["bundle size, gzip (MB)", format(result.bundleBytes / 2 ** 20)],
      ["export: stored run → bundle file, `runBundleBlob` (s)", format(result.exportMs / 1000)],
      ["export rate (records/s)", perSecond(result.exportMs)],
      ["import: bundle file → run in History with its summary, `importRunFile` (s)", format(result.importMs / 1000)],
      ["import rate (records/s)", perSecond(result.importMs)],
      ["JS heap, highest sample during export and import (MB)", format(result.peakHeapBytes / 2 ** 20)],
    ],
  );
}
