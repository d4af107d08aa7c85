// core/server-metrics: real-shaped pages of vLLM, TGI, SGLang and llama.cpp (tests/fixtures/server-metrics,
// written from their documented names) read and mapped; percentiles from buckets with their bounds; the
// scraping schedule on a fake clock; a failed scrape kept and the next one tried; the scenario's fields.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  bucketQuantile,
  bucketsBetween,
  MetricsPageProblem,
  metricsUrlOf,
  parseMetricsPage,
  readMetricsText,
  readPage,
  startScraping,
  summarizeServerMetrics,
  type ScrapeTimers,
} from "../../src/core/server-metrics";
import { validateScenario } from "../../src/core/scenario";

const page = (name: string): string => readFileSync(join(import.meta.dirname, "../fixtures/server-metrics", name), "utf8");

describe("reading a metrics page", () => {
  it("maps vLLM's families, summing the engines' gauges and buckets and averaging the cache usage", () => {
    const reading = readPage(parseMetricsPage(page("vllm.txt")));
    expect(reading.server).toBe("vllm");
    expect(reading.values).toMatchObject({ running: 12, waiting: 3, kvCacheUsage: 0.4, prefixCacheHits: 25_000, prefixCacheQueries: 50_000, generatedTokens: 100_000 });
    const ttft = reading.histograms.ttft!;
    // Seconds become ms; both engines' 100 requests are counted, none dropped by a label set.
    expect(ttft.le.slice(7, 10)).toEqual([100, 250, 500]);
    expect(ttft.counts[ttft.counts.length - 1]).toBe(200);
    expect(ttft.counts[8]).toBe(140);
    expect(reading.histograms.itl!.counts.at(-1)).toBe(10_000);
    expect(reading.histograms.e2e!.counts.at(-1)).toBe(200);
  });

  it("maps TGI's router families, leaving its per-method batch histograms alone", () => {
    const reading = readPage(parseMetricsPage(page("tgi.txt")));
    expect(reading.server).toBe("tgi");
    expect(reading.values).toEqual({ running: 8, waiting: 3 });
    expect(Object.keys(reading.histograms).sort()).toEqual(["e2e", "itl", "queueTime"]);
    expect(reading.histograms.e2e).toEqual({ le: [10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000], counts: [0, 0, 0, 0, 0, 0, 10, 110, 118, 118, 118] });
  });

  it("maps SGLang's and llama.cpp's gauges (llama.cpp's page ends without a line break: its last sample still counts)", () => {
    const sglang = readPage(parseMetricsPage(page("sglang.txt")));
    expect(sglang.server).toBe("sglang");
    expect(sglang.values).toEqual({ running: 162, waiting: 26, kvCacheUsage: 0.28, prefixCacheHitRate: 0.0075 });
    expect(sglang.histograms.ttft!.counts.at(-1)).toBe(140);
    const llamacpp = readPage(parseMetricsPage(page("llamacpp.txt")), ["llamacpp:prompt_tokens_seconds", "absent_family"]);
    expect(llamacpp.server).toBe("llamacpp");
    expect(llamacpp.values).toEqual({ running: 2, waiting: 4, kvCacheUsage: 0.25, generatedTokens: 3469 });
    expect(llamacpp.picked).toEqual({ "llamacpp:prompt_tokens_seconds": 237.151 });
  });

  it("reads only the families it maps when scraping, to the same result as reading the whole page", () => {
    for (const name of ["vllm.txt", "tgi.txt", "sglang.txt", "llamacpp.txt"]) {
      expect(readMetricsText(page(name), ["llamacpp:prompt_tokens_seconds"])).toEqual(readPage(parseMetricsPage(page(name)), ["llamacpp:prompt_tokens_seconds"]));
    }
    // A family it does not read is not parsed at all, a line the library would refuse included.
    expect(readMetricsText('other_family{label="x" oops} 2\nvllm:num_requests_running 4\n').values).toEqual({ running: 4 });
  });

  it("refuses a page that is not Prometheus text, naming the line and never repeating it", () => {
    expect(() => parseMetricsPage("<html><body>Not found</body></html>\n")).toThrow(MetricsPageProblem);
    let message = "";
    try {
      parseMetricsPage('ok_metric 1\nbroken{label="x" oops} 2\n');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe("not Prometheus text: line 2 could not be read");
  });
});

describe("percentiles from buckets", () => {
  const buckets = { le: [100, 250, 500], counts: [0, 80, 100, 100] };

  it("interpolates inside the bucket holding the rank and names that bucket", () => {
    expect(bucketQuantile(buckets, 0.5)).toEqual({ value: 193.75, lower: 100, upper: 250 });
    expect(bucketQuantile(buckets, 0.9)).toEqual({ value: 375, lower: 250, upper: 500 });
    expect(bucketQuantile({ le: [100], counts: [0, 0] }, 0.5)).toBeNull();
  });

  it("says only 'at least the last bound' for a rank in the +Inf bucket", () => {
    expect(bucketQuantile({ le: [100, 250], counts: [10, 10, 20] }, 0.99)).toEqual({ value: 250, lower: 250, upper: null });
  });

  it("takes the run's share as the last scrape less the first, and none across a restart", () => {
    expect(bucketsBetween({ le: [100, 250, 500], counts: [0, 50, 50, 60] }, buckets)).toEqual({ le: [100, 250, 500], counts: [0, 30, 50, 40] });
    expect(bucketsBetween({ le: [100, 250, 500], counts: [0, 90, 110, 110] }, buckets)).toBeNull();
  });
});

/** A clock and timers a test moves by hand. */
function fakeTime(): { clock: { now(): number; epochMs(): number }; timers: ScrapeTimers; advance(ms: number): Promise<void> } {
  let now = 0;
  let timers: { at: number; callback: () => void }[] = [];
  return {
    clock: { now: () => now, epochMs: () => 1_700_000_000_000 + now },
    timers: {
      setTimer(callback, ms) {
        const timer = { at: now + ms, callback };
        timers.push(timer);
        return () => (timers = timers.filter((other) => other !== timer));
      },
    },
    async advance(ms) {
      const until = now + ms;
      for (;;) {
        await new Promise((resolve) => setImmediate(resolve));
        const due = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
        if (due === undefined) break;
        timers = timers.filter((timer) => timer !== due);
        now = due.at;
        due.callback();
      }
      now = until;
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe("scraping through a run", () => {
  it("scrapes at the start, on the interval's grid and at the end; a failed scrape is kept and the next one goes", async () => {
    const time = fakeTime();
    let served = 0;
    const fetch = (async () => {
      served++;
      if (served === 2) return new Response("busy", { status: 503 });
      if (served === 3) throw new TypeError("fetch failed");
      return new Response(page("vllm.txt"), { status: 200 });
    }) as typeof globalThis.fetch;
    const session = startScraping({ targets: [{ targetId: "a", url: "http://127.0.0.1:1/metrics", fetch }], intervalMs: 1000, clock: time.clock, timers: time.timers });
    await session.baseline;
    await time.advance(3500);
    const scrapes = await session.stop();
    expect(scrapes.map((scrape) => scrape.atMs - 1_700_000_000_000)).toEqual([0, 1000, 2000, 3000, 3500]);
    expect(scrapes.map((scrape) => scrape.ok)).toEqual([true, false, false, true, true]);
    expect(scrapes.map((scrape) => scrape.error)).toEqual([null, "HTTP 503", "fetch failed", null, null]);
    const [summary] = summarizeServerMetrics(scrapes, ["a"]);
    expect(summary).toMatchObject({ targetId: "a", server: "vllm", scrapes: 5, failures: 2, lastError: "fetch failed" });
    // The same page every time: the run added nothing to the histograms.
    expect(summary!.percentiles.find((row) => row.quantity === "ttft")).toMatchObject({ count: 0, p50: null });
  });

  it("gives up on a page that does not come within the time limit", async () => {
    const time = fakeTime();
    const fetch = ((_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init.signal!.addEventListener("abort", () => reject(new Error("aborted"))))) as unknown as typeof globalThis.fetch;
    const session = startScraping({ targets: [{ targetId: "a", url: "http://127.0.0.1:1/metrics", fetch }], intervalMs: 500, timeoutMs: 300, clock: time.clock, timers: time.timers });
    await time.advance(300);
    await session.baseline;
    const stopping = session.stop();
    await time.advance(300);
    const scrapes = await stopping;
    expect(scrapes.map((scrape) => scrape.error)).toEqual(["no page within 300 ms", "no page within 300 ms"]);
  });
});

describe("the scenario's server metrics", () => {
  const base = { version: 1, name: "s", task: "chat-completion", inputs: ["hi"] };

  it("defaults the interval, and each endpoint's page to /metrics at its origin (a sandbox profile's own page)", () => {
    const checked = validateScenario({
      ...base,
      targets: [
        { id: "vllm", endpointUrl: "https://gpu.example:8000/v1", model: "m" },
        { id: "tgi", endpointUrl: "https://tgi.example/v1", model: "m", metricsUrl: "https://tgi.example:9000/metrics" },
        { id: "box", endpointUrl: "sandbox:/fast/v1", model: "m" },
        { id: "hf", provider: "together", model: "m" },
      ],
      run: { serverMetrics: {} },
    });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.scenario.run.serverMetrics).toEqual({ intervalMs: 1000 });
    const urls = checked.scenario.targets.map((target) => metricsUrlOf(target, "http://127.0.0.1:8787"));
    expect(urls).toEqual(["https://gpu.example:8000/metrics", "https://tgi.example:9000/metrics", "http://127.0.0.1:8787/fast/metrics", null]);
  });

  it("names the field: a metricsUrl without run.serverMetrics, on a provider target, or scraping with no endpoint", () => {
    const errors = (scenario: object): string[] => {
      const checked = validateScenario({ ...base, ...scenario });
      return checked.ok ? [] : checked.errors.map((error) => `${error.path}: ${error.message}`);
    };
    expect(errors({ targets: [{ id: "a", endpointUrl: "https://x.example/v1", model: "m", metricsUrl: "https://x.example/metrics" }] })).toEqual([
      'targets[0].metricsUrl: is scraped only with run.serverMetrics: add "serverMetrics": {} to run',
    ]);
    expect(errors({ targets: [{ id: "a", provider: "together", model: "m", metricsUrl: "https://x.example/metrics" }], run: { serverMetrics: {} } })).toContain(
      "targets[0].metricsUrl: only endpointUrl targets have a metrics page: a provider's servers are shared, and not ours to scrape",
    );
    expect(errors({ targets: [{ id: "a", provider: "together", model: "m" }], run: { serverMetrics: { intervalMs: 50 } } })).toEqual(
      expect.arrayContaining(["run.serverMetrics.intervalMs: must be at least 100", "run.serverMetrics: needs an endpointUrl target: provider targets have no metrics page to scrape"]),
    );
  });
});
