// The Compare page of a large run in the built app: the time from the address change to the summary
// table (and to the charts) being on screen, the pieces of that time measured alone in the bench page,
// the points the charts draw per series, and the page's memory. The run was written by the storage
// benchmark into the same profile's IndexedDB.
import type { BrowserContext, Page } from "playwright-core";
import { MAX_POINTS_PER_SERIES } from "../../src/ui/features/compare/charts/record-series";
import { format, markdownTable, median, spread } from "../measure-tools";
import { callBenchPage, evaluateInPage, openBenchPage, performanceMetric, watchPageErrors } from "./chromium";

export const COMPARE_PAGE_GOAL_MS = 1000;

export interface ComparePageResult {
  records: number;
  rounds: number;
  toSummaryMs: number[];
  toChartsMs: number[];
  readMs: number[];
  summarizeMs: number[];
  chartSeriesMs: number[];
  /** What the steps-alone rows read: the records whole, or the columns. */
  steps: "records" | "columns";
  /** Largest number of points drawn by one series, per chart kind, over all rounds. */
  ecdfPointsMax: number;
  timelinePointsMax: number;
  seriesCount: { ecdf: number; timeline: number };
  heapScenariosPageBytes: number[];
  heapComparePageBytes: number[];
  domNodesComparePage: number[];
}

/** JS heap after a full garbage collection, and the DOM size, from the DevTools protocol. */
async function heapAfterGc(page: Page): Promise<{ heapBytes: number; domNodes: number }> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send("Performance.enable");
    await session.send("HeapProfiler.collectGarbage");
    const metric = await performanceMetric(session);
    return { heapBytes: metric("JSHeapUsedSize"), domNodes: metric("Nodes") };
  } finally {
    await session.detach();
  }
}

/**
 * In the page: changes the address to the run's Compare page and polls every frame for the summary
 * table, then for every chart series, as the user would see them. Times are from the address change.
 */
function openCompareInPage(options: { runId: string; targetCount: number; timeoutMs: number }): Promise<{ toSummaryMs: number; toChartsMs: number }> {
  const visible = (element: Element | null): boolean => element !== null && element.checkVisibility() && element.getBoundingClientRect().height > 0;
  // Two ECDF charts (latency and TTFT), a line per target each; two scatter charts (the timeline, TTFT vs length), a series per target each.
  const chartsDrawn = (): boolean => {
    const lines = document.querySelectorAll('[data-testid^="ecdf-"] .recharts-line path.recharts-line-curve');
    const scatters = [...document.querySelectorAll(".pb-scatter-series")].filter((group) => group.querySelector("path") !== null);
    return lines.length >= 2 * options.targetCount && scatters.length >= 2 * options.targetCount;
  };
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    let toSummaryMs: number | null = null;
    const poll = (): void => {
      const elapsedMs = performance.now() - startedAt;
      if (toSummaryMs === null && visible(document.querySelector('[data-testid="summary-table"]'))) toSummaryMs = elapsedMs;
      if (toSummaryMs !== null && chartsDrawn()) return resolve({ toSummaryMs, toChartsMs: elapsedMs });
      if (elapsedMs > options.timeoutMs) {
        return reject(new Error(`the Compare page showed ${toSummaryMs === null ? "no summary table" : "no charts"} within ${options.timeoutMs} ms`));
      }
      requestAnimationFrame(poll);
    };
    window.location.hash = `#/compare/${encodeURIComponent(options.runId)}`;
    requestAnimationFrame(poll);
  });
}

/** In the page: points drawn per series. ECDF lines are steps, drawn with 2 vertices per point after the first. */
function countDrawnPoints(_: undefined): { ecdf: number[]; timeline: number[] } {
  const ecdf = [...document.querySelectorAll('[data-testid^="ecdf-"] .recharts-line path.recharts-line-curve')].map((path) => {
    const numbers = (path.getAttribute("d") ?? "").match(/-?\d*\.?\d+(?:e[-+]?\d+)?/gi) ?? [];
    return (numbers.length / 2 + 1) / 2;
  });
  const timelineSection = [...document.querySelectorAll("section.pb-section")].find((section) => section.querySelector("h2")?.textContent === "Latency over the run");
  // A dot is one subpath ("M" then two arcs), a failure's cross two.
  const subpaths = (path: Element | null): number => (path?.getAttribute("d") ?? "").split("M").length - 1;
  const timeline = [...(timelineSection?.querySelectorAll(".pb-scatter-series") ?? [])].map(
    (group) => subpaths(group.querySelector("path[fill]:not([fill='none'])")) + subpaths(group.querySelector("path[fill='none']")) / 2,
  );
  return { ecdf, timeline };
}

export async function measureComparePage(
  context: BrowserContext,
  options: {
    siteUrl: string;
    runId: string;
    records: number;
    targetCount: number;
    rounds: number;
    /** How long the page may take to draw every chart before the round fails (default 60 s). */
    timeoutMs?: number;
    /**
     * Which steps to also time alone in a bench page: the records read whole (the page's way up to
     * LARGE_RUN_RECORDS), or the columns a larger run is read as.
     */
    steps?: "records" | "columns";
  },
  log: (line: string) => void,
): Promise<ComparePageResult> {
  const result: ComparePageResult = {
    records: options.records,
    rounds: options.rounds,
    toSummaryMs: [],
    toChartsMs: [],
    readMs: [],
    summarizeMs: [],
    chartSeriesMs: [],
    steps: options.steps ?? "records",
    ecdfPointsMax: 0,
    timelinePointsMax: 0,
    seriesCount: { ecdf: 0, timeline: 0 },
    heapScenariosPageBytes: [],
    heapComparePageBytes: [],
    domNodesComparePage: [],
  };
  for (let round = 0; round < options.rounds; round++) {
    log(`  compare page: round ${round + 1}/${options.rounds}`);
    const benchPage = await openBenchPage(context, options.siteUrl);
    const timing =
      result.steps === "records"
        ? await callBenchPage(benchPage, "timeSummary", options.runId)
        : { ...(await callBenchPage(benchPage, "timeColumns", options.runId)), summarizeMs: null };
    await benchPage.close();
    if (timing.records !== options.records) throw new Error(`the stored run holds ${timing.records} records, expected ${options.records}`);
    result.readMs.push(timing.readMs);
    if (timing.summarizeMs !== null) result.summarizeMs.push(timing.summarizeMs);
    result.chartSeriesMs.push(timing.chartSeriesMs);

    // A fresh tab each round: the app starts on its first screen, then the user opens the run.
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    try {
      await page.goto(`${options.siteUrl}/#/`);
      await page.getByTestId("scenario-run-button").first().waitFor({ state: "visible" });
      result.heapScenariosPageBytes.push((await heapAfterGc(page)).heapBytes);
      const opened = await evaluateInPage(page, openCompareInPage, { runId: options.runId, targetCount: options.targetCount, timeoutMs: options.timeoutMs ?? 60_000 });
      result.toSummaryMs.push(opened.toSummaryMs);
      result.toChartsMs.push(opened.toChartsMs);
      const drawn = await evaluateInPage(page, countDrawnPoints, undefined);
      if (drawn.ecdf.length !== 2 * options.targetCount || drawn.timeline.length !== options.targetCount) {
        throw new Error(`expected ${2 * options.targetCount} ECDF lines and ${options.targetCount} timeline series, found ${drawn.ecdf.length} ECDF lines and ${drawn.timeline.length} timeline series`);
      }
      result.seriesCount = { ecdf: drawn.ecdf.length, timeline: drawn.timeline.length };
      result.ecdfPointsMax = Math.max(result.ecdfPointsMax, ...drawn.ecdf);
      result.timelinePointsMax = Math.max(result.timelinePointsMax, ...drawn.timeline);
      const memory = await heapAfterGc(page);
      result.heapComparePageBytes.push(memory.heapBytes);
      result.domNodesComparePage.push(memory.domNodes);
      errors.throwIfAny("the Compare page benchmark");
    } finally {
      await page.close();
    }
  }
  return result;
}

/** Goals a table states beside the summary's (issue 13's for the million-record run). */
export interface ComparePageGoals {
  chartsMs?: number;
  heapMb?: number;
}

export function comparePageTable(result: ComparePageResult, goals: ComparePageGoals = {}): string {
  const row = (measure: string, values: number[], goal: string, scale = 1): string[] => [
    measure,
    format(median(values) / scale),
    spread(values.map((value) => value / scale)),
    goal,
  ];
  const withinGoal = (value: number, goal: number): string => (value <= goal ? "met" : "not met");
  const mb = 2 ** 20;
  return markdownTable(
    ["measure", "median", "range", "goal"],
    [
      row("open the Compare page: address change → summary table visible (ms)", result.toSummaryMs, `≤ ${COMPARE_PAGE_GOAL_MS}: ${withinGoal(median(result.toSummaryMs), COMPARE_PAGE_GOAL_MS)}`),
      row("address change → every chart series drawn (ms)", result.toChartsMs, goals.chartsMs === undefined ? "–" : `≤ ${goals.chartsMs}: ${withinGoal(median(result.toChartsMs), goals.chartsMs)}`),
      ...(result.steps === "records"
        ? [
            row("alone: read the run's records from IndexedDB, `recordsOfRun` (ms)", result.readMs, "–"),
            row("alone: `summarize` (ms)", result.summarizeMs, "–"),
            row("alone: chart series, latency and TTFT ECDFs with bands + timeline (ms)", result.chartSeriesMs, "–"),
          ]
        : [
            row("alone: read the run's columns from IndexedDB, `readRecordColumns` (ms)", result.readMs, "–"),
            row("alone: chart series from the columns, ECDFs with bands + timeline + TTFT vs length (ms)", result.chartSeriesMs, "–"),
          ]),
      [
        `points drawn per series, largest (ECDF lines ×${result.seriesCount.ecdf} / timeline ×${result.seriesCount.timeline})`,
        `${format(result.ecdfPointsMax)} / ${format(result.timelinePointsMax)}`,
        "–",
        `≤ ${MAX_POINTS_PER_SERIES}: ${withinGoal(Math.max(result.ecdfPointsMax, result.timelinePointsMax), MAX_POINTS_PER_SERIES)}`,
      ],
      row("JS heap after GC, first screen (MB)", result.heapScenariosPageBytes, "–", mb),
      row(
        "JS heap after GC, Compare page open (MB)",
        result.heapComparePageBytes,
        goals.heapMb === undefined ? "–" : `≤ ${goals.heapMb}: ${withinGoal(median(result.heapComparePageBytes) / mb, goals.heapMb)}`,
        mb,
      ),
      row("DOM nodes, Compare page open", result.domNodesComparePage, "–"),
    ],
  );
}
