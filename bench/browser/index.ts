// The browser half of `npm run bench`: builds the app (and the bench page) once, serves them on
// 127.0.0.1, drives Debian's Chromium, and returns one markdown section per benchmark.
import { clockTable, EXACT_LATENCY_MS, EXACT_TTFT_MS, type ClockRow } from "../clock-accuracy";
import { buildAndServeBenchSite } from "./bench-site";
import { bundleRoundTripTable, measureBundleRoundTrip } from "./bundle-round-trip";
import { launchBrowser, launchFreshProfile } from "./chromium";
import { measureClockAccuracyInChromium } from "./clock-in-chromium";
import { comparePageTable, COMPARE_PAGE_GOAL_MS, measureComparePage } from "./compare-page";
import { BROWSER_CONNECTIONS_PER_HOST, connectionLimitTable, measureConnectionLimit } from "./connection-limit";
import { firstScreenTable, measureFirstScreen } from "./first-screen";
import { measureRecordStorage, recordStorageTable, seedRunThroughSink, SINK_GOAL_RECORDS_PER_SECOND } from "./record-storage";
import { measureRunHeap, RUN_HEAP_REQUESTS, runHeapTable } from "./run-heap";
import { MAX_POINTS_PER_SERIES } from "../../src/ui/features/compare/charts/record-series";

export interface BrowserBenchmarkOptions {
  /** The sandbox's base URL (http://127.0.0.1:port), already listening. */
  sandboxUrl: string;
  /** Small counts, for a run of about a minute. */
  quick: boolean;
  log: (line: string) => void;
}

/** The synthetic run's targets (page/synthetic-run.ts): the Compare page draws one series per target. */
const SYNTHETIC_TARGET_COUNT = 3;

function counts(quick: boolean) {
  return quick
    ? {
        clock: [
          { concurrency: 1, requests: 20, referenceRequests: 20 },
          { concurrency: BROWSER_CONNECTIONS_PER_HOST, requests: 36, referenceRequests: 36 },
          { concurrency: 32, requests: 64, referenceRequests: 0 },
        ],
        clockRounds: 2,
        connectionLevels: [BROWSER_CONNECTIONS_PER_HOST, 8, 16],
        connectionRequests: 36,
        connectionRounds: 2,
        storageRecords: 10_000,
        storageRounds: 2,
        compareRounds: 2,
        firstScreenLoads: 3,
      }
    : {
        clock: [
          { concurrency: 1, requests: 200, referenceRequests: 100 },
          { concurrency: BROWSER_CONNECTIONS_PER_HOST, requests: 240, referenceRequests: 240 },
          { concurrency: 32, requests: 256, referenceRequests: 0 },
        ],
        clockRounds: 4,
        connectionLevels: [4, BROWSER_CONNECTIONS_PER_HOST, 7, 8, 12, 16],
        connectionRequests: 72,
        connectionRounds: 3,
        storageRecords: 100_000,
        storageRounds: 3,
        compareRounds: 3,
        firstScreenLoads: 10,
      };
}

/** What the storage section says it measured: shared by the browser benchmarks and `--only storage`. */
function storageParagraph(records: number): string {
  return `${records.toLocaleString("en-US")} synthetic records shaped like a streaming chat run (3 targets, 20 inputs, output text of 40–120 words, 2% errors) written in a bench page into the app's database through the app's record sink (\`createRecordSink\` over the record store's \`appendRecords\`: each batch one transaction, stored as rows of records keyed [runId+first], and beside each a row of the same key holding its records' columns as typed arrays), timed from the first \`write\` to \`close()\` resolving (every batch committed), each round in a fresh Chromium profile. The one-row-per-record rows add the same records as schema versions 1-3 stored them, with the bare IndexedDB API in one transaction (no dexie, no batching: the ceiling of that layout on this machine), each in its own fresh profile: to a store with the old key and its three indexes (\`runId\`, \`[runId+targetId]\`, \`[runId+inputIndex]\`), and to one with the \`runId\` index alone. Bytes per record come from \`navigator.storage.estimate()\` and from the profile's IndexedDB folder (LevelDB, as it is on disk right after the writes). Goal: ≥ ${SINK_GOAL_RECORDS_PER_SECOND.toLocaleString("en-US")} records/s through the sink.`;
}

/** Issue 13's goals for a run of a million records: summary ≤ 1 s (COMPARE_PAGE_GOAL_MS), every chart ≤ 3 s, heap ≤ 400 MB. */
const VERY_LARGE_RUN = { records: 1_000_000, chartsGoalMs: 3000, heapGoalMb: 400, timeoutMs: 180_000 };

/**
 * `npm run bench -- --only large-compare`: the Compare page of one run of a million records (200,000 with
 * --quick), written through the app's sink; one round, since writing the run takes most of the time.
 * A page that does not draw within the time limit is reported as such, not left to hang the bench.
 */
export async function runVeryLargeComparePage(options: { quick: boolean; log: (line: string) => void }): Promise<string[]> {
  const records = options.quick ? 200_000 : VERY_LARGE_RUN.records;
  options.log(`large compare: building the app, then ${records.toLocaleString("en-US")} records through the sink…`);
  const site = await buildAndServeBenchSite();
  try {
    const seeded = await seedRunThroughSink(site.url, records);
    const title = `Compare page of a ${records.toLocaleString("en-US")}-record run (Chromium)`;
    const paragraph = `One run of ${records.toLocaleString("en-US")} synthetic records (as in *Storage*, written through the app's sink at ${Math.round(seeded.recordsPerSecond).toLocaleString("en-US")} records/s in this run), moved out and in again as a user moves a run between browsers: exported with the app's Download bundle code (\`runBundleBlob\`), deleted, and imported from that file with History's Import runs code (\`importRunFile\`: the file streamed, records and columns stored in batches, the summary computed from the stored run), the JS heap sampled every 250 ms meanwhile (first table). Then the built app opened in a fresh tab and sent to the imported run's \`#/compare/:id\` as in *Compare page of a large run*; one round (second table). A run of more than 100,000 records is never read whole: the page reads the columns its charts need (typed arrays stored beside each chunk), and the "alone" rows time those steps in a bench page. Goals (issue 13): summary visible ≤ ${COMPARE_PAGE_GOAL_MS} ms, every chart drawn ≤ ${VERY_LARGE_RUN.chartsGoalMs} ms, JS heap ≤ ${VERY_LARGE_RUN.heapGoalMb} MB. Measured with \`npm run bench -- --only large-compare\`.`;
    try {
      options.log("large compare: the run out as a bundle and in again…");
      const roundTrip = await measureBundleRoundTrip(seeded.profile.context, site.url, seeded.runId);
      if (roundTrip.records !== records) throw new Error(`the bundle brought back ${roundTrip.records} records, not ${records}`);
      const compare = await measureComparePage(
        seeded.profile.context,
        { siteUrl: site.url, runId: seeded.runId, records, targetCount: SYNTHETIC_TARGET_COUNT, rounds: 1, timeoutMs: VERY_LARGE_RUN.timeoutMs, steps: "columns" },
        options.log,
      );
      return [section(title, paragraph, `${bundleRoundTripTable(roundTrip)}\n\n${comparePageTable(compare, { chartsMs: VERY_LARGE_RUN.chartsGoalMs, heapMb: VERY_LARGE_RUN.heapGoalMb })}`)];
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return [section(title, paragraph, `Not measured to the end: ${message}.`)];
    } finally {
      await seeded.profile.close();
    }
  } finally {
    await site.close();
  }
}

/** `npm run bench -- --only storage`: the storage section alone (a few minutes), records/s of chunks against one row per record. */
export async function runStorageBenchmark(options: { quick: boolean; log: (line: string) => void }): Promise<string[]> {
  const plan = counts(options.quick);
  options.log("storage: building the app and the bench page…");
  const site = await buildAndServeBenchSite();
  try {
    const storage = await measureRecordStorage({ siteUrl: site.url, count: plan.storageRecords, rounds: plan.storageRounds }, options.log);
    await storage.seeded.profile.close();
    return [section("Storage (Chromium IndexedDB)", storageParagraph(plan.storageRecords), recordStorageTable(storage))];
  } finally {
    await site.close();
  }
}

/**
 * `npm run bench -- --only run-heap`: the dashboard's JS heap through one sandbox run of 100,000 requests
 * (10,000 with --quick) pressed on the Run page of the built app, and after it.
 */
export async function runRunHeapBenchmark(options: BrowserBenchmarkOptions): Promise<string[]> {
  const requests = options.quick ? 10_000 : RUN_HEAP_REQUESTS;
  options.log("run heap: building the app…");
  const site = await buildAndServeBenchSite();
  try {
    const result = await measureRunHeap({ siteUrl: site.url, sandboxUrl: options.sandboxUrl, requests, timeoutMs: 20 * 60_000 }, options.log);
    return [
      section(
        `JS heap of a ${requests.toLocaleString("en-US")}-request run (Chromium)`,
        `The built app in a fresh Chromium profile, opened on the sandbox through its \`?sandbox=\` link; a scenario of ${requests.toLocaleString("en-US")} non-streaming chat requests to the sandbox's \`instant\` profile (one target, one input, concurrency 6: the browser's connections to one host) pasted and saved on the Scenarios page, then Run pressed on its Run page, which stays open and shows the run. The page's JS heap (DevTools protocol \`Performance.getMetrics\`, \`JSHeapUsedSize\`) is sampled from outside every 250 ms while the run goes, and read after a forced garbage collection (\`HeapProfiler.collectGarbage\`) before Run and once the run has ended. Measured with \`npm run bench -- --only run-heap\`.`,
        runHeapTable(result),
      ),
    ];
  } finally {
    await site.close();
  }
}

function section(heading: string, paragraph: string, table: string): string {
  return `## ${heading}\n\n${paragraph}\n\n${table}`;
}

export async function runBrowserBenchmarks(options: BrowserBenchmarkOptions): Promise<string[]> {
  const { sandboxUrl, log } = options;
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(sandboxUrl)) throw new Error(`the browser benchmarks run on 127.0.0.1 only; sandbox URL was ${sandboxUrl}`);
  const plan = counts(options.quick);
  const sections: string[] = [];
  log("browser: building the app and the bench page…");
  const site = await buildAndServeBenchSite();
  try {
    // Clock accuracy and connections share one profile: a fresh one, not shared with the storage rounds.
    const network = await launchFreshProfile();
    try {
      const clockRows: ClockRow[] = [];
      for (const { concurrency, requests, referenceRequests } of plan.clock) {
        log(`browser: clock accuracy at concurrency ${concurrency} (${requests} requests, ${referenceRequests} bare-fetch)…`);
        const clock = { siteUrl: site.url, sandboxUrl, concurrency, rounds: plan.clockRounds };
        clockRows.push(await measureClockAccuracyInChromium(network.context, { ...clock, requests, client: "runner" }));
        // Only where the connection queue does not dominate: there the bare-fetch row shows what Chromium alone adds.
        if (referenceRequests > 0) clockRows.push(await measureClockAccuracyInChromium(network.context, { ...clock, requests: referenceRequests, client: "bare fetch" }));
      }
      sections.push(
        section(
          "Clock accuracy (Chromium)",
          `The app's runner (\`runScenario\`, streaming chat through \`InferenceClient\` and the timing fetch) in a bench page in Chromium, against the sandbox's \`exact\` profile, which writes the first content chunk at ${EXACT_TTFT_MS} ms and the last byte at ${EXACT_LATENCY_MS} ms over HTTP/1.1 on 127.0.0.1. Errors are |measured − expected| over all rounds' samples (warm-ups excluded), so they include loopback, the sandbox's timer lateness and Chromium's delivery of the stream to the page; the bare-fetch rows send the same request with \`fetch\` and a stream reader, no client library, timed the same way, to show what Chromium alone adds. Above ${BROWSER_CONNECTIONS_PER_HOST} in flight the browser queues requests to one host (see the next section), and that wait is counted in TTFT and latency because t0 is taken before \`fetch\`: the concurrency-32 row measures the queue, not the clock. Goal: median ≤ 2 ms, p99 ≤ 10 ms.`,
          clockTable(clockRows),
        ),
      );

      log("browser: connection limit…");
      const connectionRows = await measureConnectionLimit(
        network.context,
        { siteUrl: site.url, sandboxUrl, concurrencies: plan.connectionLevels, requestsPerRound: plan.connectionRequests, rounds: plan.connectionRounds },
        log,
      );
      sections.push(
        section(
          "Browser connection limit",
          `The app's runner in Chromium against one sandbox host (HTTP/1.1, \`exact\` profile: every request takes ${EXACT_LATENCY_MS} ms on the server), one streaming request per slot, at each concurrency after an unmeasured burst that opens the connections. Latency is what the runner records (t0 before \`fetch\`); "wait before send" is, per request, the time from \`fetch\` handing it to the network stack to the request being written on a connection, and "connections used" the distinct connections that carried the round's requests, both from the DevTools protocol's Network timings, because the page's own Resource Timing entries show \`requestStart\` = \`connectEnd\` = 0 and an empty \`nextHopProtocol\` for a cross-origin response without \`Timing-Allow-Origin\` (the sandbox sends none, nor do most providers). Goal: show where the browser starts queueing — inflation should appear only above ${BROWSER_CONNECTIONS_PER_HOST}.`,
          connectionLimitTable(connectionRows),
        ),
      );
    } finally {
      await network.close();
    }

    log("browser: storage…");
    const storage = await measureRecordStorage({ siteUrl: site.url, count: plan.storageRecords, rounds: plan.storageRounds }, log);
    try {
      sections.push(
        section(
          "Storage (Chromium IndexedDB)",
          storageParagraph(plan.storageRecords),
          recordStorageTable(storage),
        ),
      );

      log("browser: Compare page of the large run…");
      const compare = await measureComparePage(
        storage.seeded.profile.context,
        { siteUrl: site.url, runId: storage.seeded.runId, records: plan.storageRecords, targetCount: SYNTHETIC_TARGET_COUNT, rounds: plan.compareRounds },
        log,
      );
      sections.push(
        section(
          "Compare page of a large run (Chromium)",
          `The built app with a completed run of ${plan.storageRecords.toLocaleString("en-US")} records in its IndexedDB (written by the storage benchmark), each round in a fresh tab: the app opens on its first screen, then the address changes to \`#/compare/:id\` and the page is polled every frame until the summary table is visible, then until every chart series is drawn. The "alone" rows time, in a bench page on the same origin, the steps the page goes through: reading the run's records (\`recordsOfRun\`), \`summarize\`, and the ECDF and timeline series. Points per series are counted in the SVG: dots and crosses in each timeline series' paths, and vertices of each ECDF step line (2 per point after the first). Memory is the JS heap after a forced garbage collection (DevTools protocol \`HeapProfiler.collectGarbage\`, then \`Performance.getMetrics\`). Goals: summary visible ≤ ${COMPARE_PAGE_GOAL_MS} ms, ≤ ${MAX_POINTS_PER_SERIES.toLocaleString("en-US")} points per chart series.`,
          comparePageTable(compare),
        ),
      );
    } finally {
      await storage.seeded.profile.close();
    }

    log("browser: first load…");
    const browser = await launchBrowser();
    try {
      const firstScreen = await measureFirstScreen(browser, { siteUrl: site.url, loads: plan.firstScreenLoads }, log);
      sections.push(
        section(
          "First load (Chromium)",
          `Cold loads of the built app's first screen from a static server on 127.0.0.1 (no compression, no cache headers), each in a fresh browser context (empty cache and storage): from navigation start to the first scenario card's Run button being in the DOM, enabled and visible (it is rendered by the app's script, so visible means the app is running), watched with a MutationObserver installed before the page's scripts. First contentful paint and DOMContentLoaded from the Paint and Navigation Timing entries; transferred bytes are the navigation plus every resource it loaded.`,
          firstScreenTable(firstScreen),
        ),
      );
    } finally {
      await browser.close();
    }
  } finally {
    await site.close();
  }
  return sections;
}
