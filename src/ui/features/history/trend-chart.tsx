// One trend metric over the runs of a series: a line per target in its colour, each point a run (its
// 95% interval as an error bar) and a link that opens the run; a change point is a ring on the first run
// after it, on its own target's line, with a dashed line in that target's colour across the chart.
// One point of a chart is in the Tab order; the arrow keys move along a line (runs) and across lines
// (targets), so a keyboard gets through a chart of many runs without a Tab stop per point.
import { useMemo } from "react";
import { ChartFrame } from "../../components/charts/chart-frame";
import { ChartLegend, type LegendItem } from "../../components/charts/chart-parts";
import { useTrendAxes } from "./trend-axes";
import { useDotRenderers } from "./trend-point-dot";
import { PointKeysContext, usePointCursor } from "./trend-point-cursor";
import { TrendPlot } from "./trend-plot";
import type { TrendChartData, TrendRunLabel } from "./trends-data";

/** The definition beside the chart: the catalogue's, and what a point and its bar are. */
export function trendChartDefinition(chart: TrendChartData): string {
  const { metric } = chart.trendMetric;
  const interval =
    chart.trendMetric.id === "failureRate"
      ? "its bar the Wilson 95% interval"
      : metric.intervalMethod !== undefined
        ? `its bar the 95% interval (${metric.intervalMethod})`
        : "no interval (the summary keeps no per-request spread of it)";
  return `${metric.definition} Each point is one run's value, ${interval}. A ring marks the first run after a change point (E-Divisive means, permutation test at 0.05), on that target only.`;
}

interface TrendChartProps {
  chart: TrendChartData;
  runs: readonly TrendRunLabel[];
  height?: number;
}

/** The chart's description for a screen reader: each target's runs and change points. */
function trendSummary(chart: TrendChartData): string {
  return chart.lines
    .map((line) => {
      const changes = chart.changePoints.filter((change) => change.targetId === line.targetId);
      const changeText = changes.length === 0 ? "no change point" : changes.map((change) => `a change from run ${change.position}`).join(", ");
      return `${line.label}: ${line.points.length} runs, ${changeText}`;
    })
    .join("; ");
}

export function TrendChart({ chart, runs, height = 240 }: TrendChartProps) {
  const { surface, pointKeys } = usePointCursor(chart.lines);
  const dotRenderers = useDotRenderers(chart, runs);
  const axes = useTrendAxes(chart, runs);
  const title = `${chart.trendMetric.metric.label} over runs`;
  const summary = trendSummary(chart);
  const legend = useMemo<LegendItem[]>(() => chart.lines.map((line) => ({ label: line.label, color: line.color, mark: "line" })), [chart.lines]);
  // Drawn again only when the data changes: a keyboard cursor move re-renders the points alone (through
  // context), since recharts redrawn would replace the focused point's element and drop the focus.
  const plot = useMemo(
    () => <TrendPlot chart={chart} axes={axes} dotRenderers={dotRenderers} height={height} title={title} summary={summary} />,
    [chart, axes, dotRenderers, height, title, summary],
  );
  return (
    <ChartFrame title={title} definition={trendChartDefinition(chart)} legend={legend} testId="trend-chart">
      <figcaption className="pb-chart-title" data-metric={chart.trendMetric.id}>
        {title}
      </figcaption>
      <div ref={surface}>
        <PointKeysContext.Provider value={pointKeys}>{plot}</PointKeysContext.Provider>
      </div>
      <ChartLegend items={legend} />
    </ChartFrame>
  );
}
