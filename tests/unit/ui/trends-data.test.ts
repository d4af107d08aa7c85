// The Trends view's data shaping: a series of nightly runs becomes a chart per trend metric, a line per
// target in the palette's colours, each point a run's stored value and interval, and the change point on
// the slowed target only, at the night it slowed.
import { describe, expect, it } from "vitest";
import { TREND_METRICS } from "../../../src/core/change-points";
import { summaryOptionsOf, SummaryAccumulator, type SummaryRow, valueSettingsOf } from "../../../src/core/stats";
import { TARGET_PALETTE } from "../../../src/ui/components/ui/target-colors";
import { trendsData, type TrendRunInput } from "../../../src/ui/features/history/trends-data";
import { nightlySeries, type NightlyRun } from "../nightly-series";

function rowsOf({ run, records }: NightlyRun): SummaryRow[] {
  const accumulator = new SummaryAccumulator(valueSettingsOf(run.scenario), summaryOptionsOf(run.scenario));
  for (const record of records) accumulator.add(record);
  return accumulator.summarize(run.scenario.targets.map((target) => target.id));
}

function inputsOf(nights: NightlyRun[], madeHere: ReadonlySet<number> = new Set()): TrendRunInput[] {
  return nights.map((night, index) => ({
    run: {
      id: night.run.id,
      startedAt: night.run.startedAt,
      spec: night.run.scenario,
      scenarioName: night.run.scenarioName,
      origin: madeHere.has(index) ? undefined : night.run.origin,
      imported: madeHere.has(index) ? undefined : { format: "providerbench-bundle", fileName: `${night.run.id}.pbrun.json.gz`, importedAt: 0 },
    },
    rows: rowsOf(night),
  }));
}

describe("trendsData", () => {
  const nights = nightlySeries();
  // Given newest first, as History lists them.
  const data = trendsData(inputsOf(nights, new Set([0])).reverse());

  it("orders the runs by start time and labels those from files by origin", () => {
    expect(data.runs.map((run) => run.runId)).toEqual(nights.map((night) => night.run.id));
    expect(data.runs.map((run) => run.position)).toEqual(nights.map((_, index) => index + 1));
    expect(data.runs[0]).toMatchObject({ origin: null, importedFrom: null });
    expect(data.runs[1]).toMatchObject({ origin: "nightly-ci", importedFrom: "night-02.pbrun.json.gz" });
  });

  it("draws a chart per trend metric that has values, targets in the palette's colours", () => {
    expect(data.charts.map((chart) => chart.trendMetric.id)).toEqual(TREND_METRICS.map((metric) => metric.id));
    const cost = data.charts.find((chart) => chart.trendMetric.id === "costPer1000RequestsUsd")!;
    // 12 input and 48 output tokens at $0.50 and $1.50 per million: $0.078 per 1,000 requests, with no interval.
    expect(cost.lines[0]!.points[0]).toMatchObject({ ciLow: null, ciHigh: null });
    expect(cost.lines[0]!.points[0]!.value).toBeCloseTo(0.078, 10);
    const latency = data.charts[0]!;
    expect(latency.lines.map((line) => [line.targetId, line.color])).toEqual([
      ["fast", TARGET_PALETTE[0]],
      ["steady", TARGET_PALETTE[1]],
      ["slow", TARGET_PALETTE[2]],
    ]);
  });

  it("takes each point's value and interval from the run's summary row, through the catalogue", () => {
    const latency = data.charts.find((chart) => chart.trendMetric.id === "latencyMs.p50")!;
    const slow = latency.lines.find((line) => line.targetId === "slow")!;
    const eighth = rowsOf(nights[7]!).find((row) => row.targetId === "slow")!;
    expect(slow.points[7]).toMatchObject({ runId: "night-08", position: 8, value: eighth.latencyMs.p50, ciLow: eighth.latencyMs.ci95.p50.low, ciHigh: eighth.latencyMs.ci95.p50.high });
    for (const point of slow.points) {
      expect(point.ciLow!).toBeLessThanOrEqual(point.value);
      expect(point.ciHigh!).toBeGreaterThanOrEqual(point.value);
    }
  });

  it("marks the change at the 8th run on the slowed target only, with the medians' intervals", () => {
    const latency = data.charts.find((chart) => chart.trendMetric.id === "latencyMs.p50")!;
    expect(latency.changePoints).toHaveLength(1);
    const [change] = latency.changePoints;
    expect(change).toMatchObject({ targetId: "slow", runId: "night-08", position: 8, color: TARGET_PALETTE[2], metricLabel: "p50 latency" });
    expect(change!.after / change!.before).toBeGreaterThan(1.15);
    // 7 runs before: order statistics; 5 after: the bootstrap.
    expect(change!.beforeCi).toMatchObject({ method: "order statistics" });
    expect(change!.afterCi).toMatchObject({ method: "bootstrap" });
    expect(change!.beforeCi!.high).toBeLessThan(change!.afterCi!.low);
    const marked = latency.lines.flatMap((line) => line.points.filter((point) => point.changeStartsHere).map((point) => `${line.targetId}@${point.position}`));
    expect(marked).toEqual(["slow@8"]);
    // Nowhere else on the unchanged targets.
    for (const chart of data.charts) expect(chart.changePoints.filter((point) => point.targetId !== "slow")).toEqual([]);
  });

  it("draws no chart for a metric no run has (no prices, no cost)", () => {
    const unpriced = nightlySeries({ nights: 3 }).map((night) => ({ ...night, run: { ...night.run, scenario: { ...night.run.scenario, targets: night.run.scenario.targets.map(({ price: _price, ...target }) => target) } } }));
    expect(trendsData(inputsOf(unpriced)).charts.map((chart) => chart.trendMetric.id)).not.toContain("costPer1000RequestsUsd");
  });

  it("finds nothing on a series where nothing changed", () => {
    const quiet = trendsData(inputsOf(nightlySeries({ factor: 1 })));
    expect(quiet.charts.flatMap((chart) => chart.changePoints)).toEqual([]);
  });
});
