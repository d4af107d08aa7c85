// Clock accuracy in Chromium: the app's runner in the bench page against the sandbox's `exact`
// profile (first content chunk at 100 ms, last byte at 300 ms), so the error is what the browser's
// network stack, its stream delivery and the runner add to what the wire did.
import type { BrowserContext } from "playwright-core";
import { clockRow, type ClockRow } from "../clock-accuracy";
import { callBenchPage, openBenchPage, watchPageErrors } from "./chromium";

/** The app's runner, or the bare-fetch reference that shows what Chromium alone adds. */
export type ClockClient = "runner" | "bare fetch";

export async function measureClockAccuracyInChromium(
  context: BrowserContext,
  options: { client: ClockClient; siteUrl: string; sandboxUrl: string; concurrency: number; requests: number; rounds: number },
): Promise<ClockRow> {
  const page = await openBenchPage(context, options.siteUrl);
  const errors = watchPageErrors(page);
  const ttfts: number[] = [];
  const latencies: number[] = [];
  try {
    // Rounds pool their samples: p99 needs them all, and each round starts on warmed connections.
    const requestsPerRound = Math.ceil(options.requests / options.rounds);
    for (let round = 0; round < options.rounds; round++) {
      const result = await callBenchPage(page, options.client === "runner" ? "runStreaming" : "runRawStreaming", {
        endpointUrl: `${options.sandboxUrl}/exact/v1`,
        concurrency: options.concurrency,
        requests: requestsPerRound,
        warmup: Math.min(options.concurrency, 8),
      });
      if (result.failures.length > 0) {
        throw new Error(`clock accuracy in Chromium (${options.client}) at concurrency ${options.concurrency}: ${result.failures.length} requests failed: ${result.failures[0]}`);
      }
      if (result.ttftsMs.length !== requestsPerRound) {
        throw new Error(`clock accuracy in Chromium (${options.client}): ${result.ttftsMs.length} samples from ${requestsPerRound} requests`);
      }
      ttfts.push(...result.ttftsMs);
      latencies.push(...result.latenciesMs);
    }
    errors.throwIfAny("the clock-accuracy benchmark");
  } finally {
    await page.close();
  }
  return clockRow(options.client === "runner" ? "Chromium, runner" : "Chromium, bare fetch (reference)", options.concurrency, ttfts, latencies);
}
