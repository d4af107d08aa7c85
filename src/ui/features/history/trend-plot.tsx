// A trend chart's plot: the grid, the axes, a dashed line at each change point and a line per target,
// its points drawn by the dot renderers and each run's 95% interval as an error bar.
import type { ReactElement } from "react";
import { CartesianGrid, ErrorBar, Line, LineChart, ReferenceLine, XAxis, YAxis } from "recharts";
import { formatNumberIn } from "../../../core/text";
import { axisLabel } from "../../components/charts/chart-format";
import type { TrendAxes } from "./trend-axes";
import type { DotProps } from "./trend-point-dot";
import type { TrendChartData, TrendChartPoint } from "./trends-data";

interface TrendPlotProps {
  chart: TrendChartData;
  axes: TrendAxes;
  /** One per line, in the order of `chart.lines`. */
  dotRenderers: readonly ((props: DotProps) => ReactElement)[];
  height: number;
  title: string;
  /** The chart's description for a screen reader. */
  summary: string;
}

export function TrendPlot({ chart, axes, dotRenderers, height, title, summary }: TrendPlotProps) {
  const { unit } = chart.trendMetric.metric;
  return (
    <LineChart responsive style={{ width: "100%", height }} margin={{ top: 10, right: 12, bottom: 14, left: 8 }} accessibilityLayer={false} title={title} desc={summary}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis
        type="number"
        dataKey="startedAt"
        domain={axes.timeDomain}
        ticks={axes.timeTicks}
        interval="preserveStartEnd"
        allowDuplicatedCategory={false}
        tickFormatter={(value: number) => axes.timeFormat.format(value)}
        label={axisLabel("Run started", "x")}
      />
      <YAxis
        type="number"
        ticks={axes.valueTicks}
        domain={[axes.valueTicks[0] ?? "auto", axes.valueTicks.at(-1) ?? "auto"]}
        tickFormatter={(value: number) => (value === 0 ? "0" : formatNumberIn(unit, value))}
        width={64}
        label={axisLabel(axes.yAxisTitle, "y")}
      />
      {chart.changePoints.map((change) => (
        <ReferenceLine key={`${change.targetId}:${change.runId}`} x={change.startedAt} stroke={change.color} strokeDasharray="5 4" strokeWidth={1.5} ifOverflow="extendDomain" />
      ))}
      {chart.lines.map((line, lineIndex) => (
        <Line key={line.targetId} data={line.points} dataKey="value" name={line.label} stroke={line.color} strokeWidth={2} isAnimationActive={false} activeDot={false} dot={dotRenderers[lineIndex]}>
          <ErrorBar
            dataKey={(point: TrendChartPoint) => (point.ciLow === null || point.ciHigh === null ? null : [point.value - point.ciLow, point.ciHigh - point.value])}
            width={5}
            strokeWidth={1.2}
            stroke={line.color}
            direction="y"
            isAnimationActive={false}
          />
        </Line>
      ))}
    </LineChart>
  );
}
