// @vitest-environment happy-dom
// Issue 32 on the Compare page, on fixture runs: the server's running, waiting and KV-cache usage drawn on
// the latency timeline's own time axis, the server's percentiles (core/server-metrics' summary, with their
// buckets) beside the client's, failed scrapes counted, and the validity panel for a command-line run, a
// browser run and a run that carries no certificate.
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { recordColumns } from "../../src/core/record";
import { formatBucketQuantile, summarizeServerMetrics, type ServerScrape } from "../../src/core/server-metrics";
import { summarize } from "../../src/core/stats";
import { judgeBrowserValidity, judgeValidity } from "../../src/core/validity";
import { LatencyTimelineChart } from "../../src/ui/features/compare/charts/latency-timeline-chart";
import { runTimeAxis } from "../../src/ui/features/compare/charts/run-time-axis";
import { ServerPercentilesTable } from "../../src/ui/features/compare/server/server-percentiles-table";
import { ServerTimelineChart } from "../../src/ui/features/compare/server/server-timeline-chart";
import { describeTargets } from "../../src/ui/features/compare/target-info";
import { ValidityPanel } from "../../src/ui/features/compare/validity/validity-panel";
import { giveChartsASize } from "./chart-size";
import { makeScenario, recordsWithLatencies } from "./compare-fixtures";

giveChartsASize();
afterEach(cleanup);

const START = 1_700_000_000_000;
const SCENARIO = makeScenario(["zeta", "alpha"]);
const TARGETS = describeTargets(["zeta", "alpha"], SCENARIO);
const RECORDS = [...recordsWithLatencies("zeta", [120, 180, 240, 587]), ...recordsWithLatencies("alpha", [90, 110, 130])];
const ROWS = summarize(RECORDS, ["zeta", "alpha"]);
const COLUMNS = recordColumns(RECORDS);

const LE = [50, 100, 250, 500, 1000];
function scrape(atOffsetMs: number, running: number, waiting: number, ttftCounts: number[]): ServerScrape {
  return {
    targetId: "zeta",
    atMs: START + atOffsetMs,
    ok: true,
    durationMs: 3,
    parseMs: 0.5,
    bytes: 9000,
    server: "vllm",
    values: { running, waiting, kvCacheUsage: running / 16 },
    histograms: { ttft: { le: LE, counts: ttftCounts } },
    picked: {},
    error: null,
  };
}
// A baseline before the first request, the queue rising under load, one failed scrape, and the last one
// after the run (12 s in, past the last request's start at 3 s): the axis must reach it.
const SCRAPES: ServerScrape[] = [
  scrape(-100, 0, 0, [3, 3, 3, 3, 3, 3]),
  scrape(1000, 4, 0, [3, 4, 5, 5, 5, 5]),
  scrape(2000, 8, 6, [3, 4, 8, 9, 9, 9]),
  { targetId: "zeta", atMs: START + 3000, ok: false, durationMs: 1000, parseMs: null, bytes: null, server: null, values: {}, histograms: {}, picked: {}, error: "no answer within 1 s" },
  scrape(12_000, 0, 0, [3, 5, 11, 13, 13, 13]),
];

function xTickTexts(chart: HTMLElement): string[] {
  return [...chart.querySelectorAll(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value")].map((tick) => tick.textContent ?? "");
}

describe("the server's metrics on the Compare page", () => {
  it("draws the server's running, waiting and KV-cache usage on the latency timeline's own seconds", async () => {
    const axis = runTimeAxis(COLUMNS, SCRAPES.map((entry) => entry.atMs));
    expect(axis.startMs).toBe(START);
    expect(axis.ticks.at(-1)).toBeGreaterThanOrEqual(12);
    render(
      <>
        <LatencyTimelineChart columns={COLUMNS} targets={TARGETS} axis={axis} />
        <ServerTimelineChart scrapes={SCRAPES} targets={TARGETS} axis={axis} />
      </>,
    );
    const queue = screen.getByTestId("server-queue-chart");
    // recharts draws after its first layout pass.
    await waitFor(() => expect(queue.querySelectorAll("path.recharts-line-curve")).toHaveLength(2));
    const latencyTicks = await waitFor(() => {
      const ticks = xTickTexts(screen.getByTestId("latency-timeline-chart"));
      expect(ticks.length).toBeGreaterThan(1);
      return ticks;
    });
    expect(xTickTexts(queue)).toEqual(latencyTicks);
    expect(xTickTexts(screen.getByTestId("server-kv-chart"))).toEqual(latencyTicks);
    // One target scraped: its running (solid) and waiting (dashed) lines, in its colour; none for alpha.
    const lines = [...queue.querySelectorAll("path.recharts-line-curve")];
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.getAttribute("stroke")).toBe(TARGETS[0]!.color);
    expect(lines.map((line) => line.getAttribute("stroke-dasharray") ?? "")).toContain("6 4");
    expect(within(queue).getByText(TARGETS[0]!.label)).toBeTruthy();
  });

  it("sets the server's percentiles, each with its bucket, beside the client's, and counts the failed scrape", () => {
    render(<ServerPercentilesTable scrapes={SCRAPES} rows={ROWS} targets={TARGETS} />);
    const zeta = screen.getByTestId("server-percentiles");
    expect(zeta.dataset.target).toBe("zeta");
    expect(zeta.dataset.failedScrapes).toBe("1");
    expect(within(zeta).getByTestId("server-scrapes").textContent).toBe("vLLM: 5 scrapes, 1 failed (last: no answer within 1 s)");
    // What the command line's table says: core's summary over the run (last scrape less the baseline).
    const ttft = summarizeServerMetrics(SCRAPES, ["zeta"])[0]!.percentiles.find((row) => row.quantity === "ttft")!;
    expect(ttft.count).toBe(10);
    const server = zeta.querySelector('tr[data-figure="ttft:server"]')!;
    expect([...server.querySelectorAll("td")].map((cell) => cell.textContent)).toEqual([formatBucketQuantile(ttft.p50), formatBucketQuantile(ttft.p90), formatBucketQuantile(ttft.p99), "10"]);
    expect(server.querySelector("td")!.textContent).toMatch(/^[\d.]+ ms \(100 ms–250 ms\)$/);
    const client = zeta.querySelector('tr[data-figure="ttft:client"]')!;
    expect(client.querySelector("th")!.textContent).toBe("TTFT, client");
    expect(client.querySelectorAll("td")[3]!.textContent).toBe("4");
    // A target that was not scraped gets no table.
    expect(screen.getAllByTestId("server-percentiles")).toHaveLength(1);
  });
});

describe("the validity panel", () => {
  const clientLoad = { eventLoopDelay: { resolutionMs: 10, p50Ms: 0.3, p99Ms: 23.5, maxMs: 40, samples: 900 }, cpuCores: 0.4, sendingThreads: 1, measuredOn: "main thread, which sends", wallMs: 9000 };

  it("shows a command-line run's verdict, the figures it rests on and each reason", () => {
    const validity = judgeValidity({ loop: "open", clientLoad, selfCheck: null, targets: [] });
    render(<ValidityPanel validity={validity} />);
    const panel = screen.getByTestId("validity-panel");
    expect(panel.dataset.verdict).toBe("client may have limited these figures");
    expect(panel.dataset.client).toBe("command line");
    expect(within(panel).getByTestId("validity-reasons").textContent).toContain("event-loop delay p99 23.5 ms");
    expect(within(panel).getByTestId("validity-figures").textContent).toContain("CPU: 0.40 of a core over 9.0 s, 1 sending thread");
    expect(within(panel).getByTestId("validity-notes").textContent).toContain("run --self-check");
  });

  it("shows a browser run's certificate, its connection waits and what the page could not measure", () => {
    const validity = judgeBrowserValidity({
      loop: "closed",
      mainThreadLag: { resolutionMs: 50, p50Ms: 0.2, p99Ms: 1.5, maxMs: 3, samples: 200 },
      connectionQueues: [{ origin: "http://gpu-box:8000", requests: 48, queuedRequests: 12, longestWaitMs: 420 }],
      connectionsPerHost: 6,
      http1Origins: [{ origin: "http://gpu-box:8000", targetIds: ["zeta", "alpha"] }],
      targets: [],
    });
    render(<ValidityPanel validity={validity} />);
    const panel = screen.getByTestId("validity-panel");
    expect(panel.dataset.client).toBe("browser");
    expect(panel.dataset.verdict).toBe("client may have limited these figures");
    expect(within(panel).getByTestId("validity-reasons").textContent).toContain("12 of 48 requests to http://gpu-box:8000 waited in the browser");
    expect(within(panel).getByTestId("validity-unmeasured").textContent).toContain("CPU busy share");
  });

  it("says a run without a certificate carries none", () => {
    render(<ValidityPanel validity={undefined} />);
    expect(screen.getByTestId("validity-panel").textContent).toMatch(/carries no certificate/);
  });
});
