// The JS heap of the dashboard's tab through one long sandbox run, driven as a user drives it: the built
// app, a scenario pasted and saved on the Scenarios page, Run pressed on its Run page (the app's run
// controller, its record sink into IndexedDB, the Run page showing the run as it goes). The heap is
// sampled from outside the page while the run goes (no forced GC: what the page held, at its highest),
// and read once more after a forced GC when the run has ended (what the page keeps holding).
import type { CDPSession } from "playwright-core";
import { format, markdownTable } from "../measure-tools";
import { openAppThroughSandboxLink, saveScenarioThroughUi } from "../../tests/e2e/app-actions";
import { launchFreshProfile, performanceMetric, watchPageErrors } from "./chromium";

/** The run the issue asks about (issue 28): 100,000 requests. */
export const RUN_HEAP_REQUESTS = 100_000;

/** How often the heap is sampled while the run goes. */
const HEAP_SAMPLE_MS = 250;

/**
 * Six requests in flight to the sandbox's zero-latency profile: as many as the browser opens connections
 * to one host, so no request waits in the browser's queue and the run goes as fast as the page can record.
 */
const CONCURRENCY = 6;

export interface RunHeapOptions {
  /** The bench site (bench-site.ts): the built app at `/`. */
  siteUrl: string;
  /** The sandbox's base URL (http://127.0.0.1:port), already listening. */
  sandboxUrl: string;
  requests: number;
  /** Longest the run may take before the benchmark gives up on it. */
  timeoutMs: number;
}

export interface RunHeapResult {
  requests: number;
  /** Requests the Run page counted done when the run ended. */
  done: number;
  status: string;
  /** Run pressed → the Run page shows the run has ended. */
  elapsedMs: number;
  samples: number;
  /** The Run page open, before Run, after a forced GC. */
  beforeRunHeapBytes: number;
  /** Highest JSHeapUsedSize sampled while the run went (no forced GC). */
  peakHeapBytes: number;
  /** After the run, the Run page still showing it, after a forced GC. */
  endHeapBytes: number;
}

export function runHeapScenario(requests: number): Record<string, unknown> {
  return {
    version: 1,
    name: `Heap of a ${requests.toLocaleString("en-US")}-request run`,
    task: "chat-completion",
    targets: [{ id: "instant", endpointUrl: "sandbox:/instant/v1", model: "sandbox-instant" }],
    inputs: ["Say something short."],
    parameters: { max_tokens: 32 },
    run: { repetitions: requests, warmup: 0, concurrency: CONCURRENCY, stream: false },
  };
}

async function heapUsedBytes(session: CDPSession): Promise<number> {
  return (await performanceMetric(session))("JSHeapUsedSize");
}

async function heapAfterGc(session: CDPSession): Promise<number> {
  await session.send("HeapProfiler.collectGarbage");
  return heapUsedBytes(session);
}

export async function measureRunHeap(options: RunHeapOptions, log: (line: string) => void): Promise<RunHeapResult> {
  const profile = await launchFreshProfile();
  try {
    const page = await profile.context.newPage();
    const errors = watchPageErrors(page);
    await openAppThroughSandboxLink(page, `${options.siteUrl}/?sandbox=${encodeURIComponent(options.sandboxUrl)}#/`);
    const spec = runHeapScenario(options.requests) as Record<string, unknown> & { name: string };
    const key = await saveScenarioThroughUi(page, spec);
    await page.evaluate((hash) => (window.location.hash = hash), `#/run/${encodeURIComponent(key)}`);
    await page.getByTestId("run-button").waitFor();

    const session = await profile.context.newCDPSession(page);
    await session.send("Performance.enable");
    const beforeRunHeapBytes = await heapAfterGc(session);
    let peakHeapBytes = 0;
    let samples = 0;
    let sampling = true;
    // From outside the page, so the sampling adds nothing to the page's heap or its event loop.
    const sampler = (async () => {
      while (sampling) {
        peakHeapBytes = Math.max(peakHeapBytes, await heapUsedBytes(session));
        samples++;
        await new Promise((resolve) => setTimeout(resolve, HEAP_SAMPLE_MS));
      }
    })();
    log(`  run heap: ${options.requests.toLocaleString("en-US")} requests at concurrency ${CONCURRENCY} against the sandbox's instant profile…`);
    const startedAt = performance.now();
    let elapsedMs: number;
    try {
      await page.getByTestId("run-button").click();
      // The comparison link shows once the run has ended (and its row is written).
      await page.getByTestId("open-comparison").waitFor({ timeout: options.timeoutMs });
      elapsedMs = performance.now() - startedAt;
    } finally {
      sampling = false;
      await sampler;
    }
    const progress = page.getByTestId("progress");
    const done = Number(await progress.getAttribute("data-done"));
    const status = (await page.getByTestId("run-status").textContent()) ?? "";
    const endHeapBytes = await heapAfterGc(session);
    await session.detach();
    errors.throwIfAny("the run heap benchmark");
    if (done !== options.requests) throw new Error(`the run ended with ${done} of ${options.requests} requests done (status: ${status})`);
    return { requests: options.requests, done, status, elapsedMs, samples, beforeRunHeapBytes, peakHeapBytes, endHeapBytes };
  } finally {
    await profile.close();
  }
}

export function runHeapTable(result: RunHeapResult): string {
  const mb = (bytes: number): string => format(bytes / 2 ** 20);
  return markdownTable(
    ["measure", "result"],
    [
      ["requests done / planned", `${result.done.toLocaleString("en-US")} / ${result.requests.toLocaleString("en-US")} (${result.status})`],
      ["run time, Run pressed → the run shown as ended (s)", format(result.elapsedMs / 1000)],
      ["requests/s", Math.round(result.requests / (result.elapsedMs / 1000)).toLocaleString("en-US")],
      ["JS heap after GC, Run page open before the run (MB)", mb(result.beforeRunHeapBytes)],
      [`JS heap, highest of ${result.samples} samples during the run, no forced GC (MB)`, mb(result.peakHeapBytes)],
      ["JS heap after GC, run ended, Run page still showing it (MB)", mb(result.endHeapBytes)],
    ],
  );
}
