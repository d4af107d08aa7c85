// Scraping each target's metrics page through a run: at its start (the baseline the run's share is
// counted from), every interval on a fixed grid (a scrape that runs long skips the ticks it missed rather
// than bunching up), and once more when the run ends (so the histograms hold its last requests). A
// function of a clock, a timer and a fetch only, so a test drives it without waiting.
//
// A scrape that fails is kept as a failed scrape (counted and shown) and the next tick tries again: the
// run never stops for its metrics. One scrape per target is in flight at a time.
import type { Clock } from "../measure";
import { readAtMost } from "../endpoints";
import { describeError } from "../text";
import { MetricsPageProblem } from "./prometheus-page";
import { readMetricsText, wantedFamilies } from "./read-page";
import { failedScrape, type ServerScrape } from "./server-scrape";

/** A page larger than this is refused: vLLM's is some 30 KB, a busy one with many LoRA adapters a few 100 KB. */
export const METRICS_PAGE_MAX_BYTES = 8 * 1024 * 1024;

export interface ScrapeTarget {
  targetId: string;
  url: string;
  /** The target's scoped fetch (its key only at its own origin), over a connection apart from the run's. */
  fetch: typeof fetch;
}

export interface ScrapeTimers {
  /** Runs `callback` after `ms`; returns its cancel. */
  setTimer(callback: () => void, ms: number): () => void;
}

export interface ScrapingOptions {
  targets: readonly ScrapeTarget[];
  intervalMs: number;
  /** A scrape that has not been read whole by then fails (default: the interval, at least 1 s). */
  timeoutMs?: number;
  pickedNames?: readonly string[];
  clock: Clock;
  timers: ScrapeTimers;
}

export interface ScrapingSession {
  /** Settles when each target's first scrape (the baseline the run is counted from) has been kept. */
  baseline: Promise<void>;
  /** Stops the ticks, waits for a scrape in flight, scrapes each target once more; every scrape in order. */
  stop(): Promise<ServerScrape[]>;
}

export function startScraping(options: ScrapingOptions): ScrapingSession {
  const scrapes: ServerScrape[] = [];
  const loops = options.targets.map((target) => scrapeLoop(target, options, (scrape) => scrapes.push(scrape)));
  return {
    baseline: Promise.all(loops.map((loop) => loop.first)).then(() => undefined),
    async stop() {
      await Promise.all(loops.map((loop) => loop.stop()));
      return scrapes.sort((a, b) => a.atMs - b.atMs);
    },
  };
}

function scrapeLoop(target: ScrapeTarget, options: ScrapingOptions, keep: (scrape: ServerScrape) => void): { first: Promise<void>; stop(): Promise<void> } {
  const { clock, timers, intervalMs } = options;
  const startedAt = clock.now();
  let stopped = false;
  let cancelTimer: (() => void) | null = null;
  let inFlight: Promise<void> | null = null;
  const wanted = wantedFamilies(options.pickedNames);
  const scrapeNow = (): Promise<void> => scrapeOnce(target, options, wanted).then(keep);
  const tick = (): Promise<void> => {
    cancelTimer = null;
    const scrape = scrapeNow().finally(() => {
      inFlight = null;
      if (!stopped) schedule();
    });
    inFlight = scrape;
    return scrape;
  };
  const schedule = (): void => {
    const elapsed = clock.now() - startedAt;
    const next = (Math.floor(elapsed / intervalMs) + 1) * intervalMs;
    cancelTimer = timers.setTimer(() => void tick(), next - elapsed);
  };
  const first = tick();
  return {
    first,
    async stop() {
      stopped = true;
      cancelTimer?.();
      await inFlight;
      await scrapeNow();
    },
  };
}

/** One scrape: the page fetched within the time limit, read within the size limit, parsed and mapped. */
async function scrapeOnce(target: ScrapeTarget, options: ScrapingOptions, wanted: ReadonlySet<string>): Promise<ServerScrape> {
  const { clock, timers } = options;
  const atMs = clock.epochMs();
  const sentAt = clock.now();
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? Math.max(1000, options.intervalMs);
  const cancelTimeout = timers.setTimer(() => controller.abort(), timeoutMs);
  try {
    const response = await target.fetch(target.url, { method: "GET", headers: { accept: "text/plain" }, signal: controller.signal });
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel().catch(() => undefined);
      return failedScrape(target.targetId, atMs, clock.now() - sentAt, `HTTP ${response.status}`);
    }
    const bytes = response.body === null ? new Uint8Array(0) : await readAtMost(response.body, METRICS_PAGE_MAX_BYTES, () => new MetricsPageProblem(`the page is larger than ${METRICS_PAGE_MAX_BYTES} bytes`));
    const parseStart = clock.now();
    const reading = readMetricsText(new TextDecoder().decode(bytes), options.pickedNames, wanted);
    const done = clock.now();
    return { targetId: target.targetId, atMs, ok: true, durationMs: done - sentAt, parseMs: done - parseStart, bytes: bytes.byteLength, ...reading, error: null };
  } catch (error) {
    const reason = controller.signal.aborted ? `no page within ${timeoutMs} ms` : error instanceof MetricsPageProblem ? error.message : describeError(error);
    return failedScrape(target.targetId, atMs, clock.now() - sentAt, reason.slice(0, 500));
  } finally {
    cancelTimeout();
  }
}
