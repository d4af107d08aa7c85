import { useMemo } from "react";
import { CartesianGrid, Legend, ScatterChart, XAxis, YAxis } from "recharts";
import type { RecordColumns } from "../../../../core/record/record-columns";
import { ESTIMATED_EXPLANATION, ESTIMATED_MARK } from "../../../../core/metrics";
import { formatCount, formatMs } from "../../../components/ui/format";
import { axisLabel, niceTicks, tickNumber } from "../../../components/charts/chart-format";
import { chartDefinition } from "./chart-definitions";
import { ChartFrame } from "../../../components/charts/chart-frame";
import { ChartLegend, ChartTooltipBox } from "../../../components/charts/chart-parts";
import { ttftLengthSeries, type TtftLengthPoint } from "./record-series";
import { dotSeriesOfTargets, ScatterDots } from "./scatter-dots";
import type { TargetInfo } from "../target-info";
import "../../../components/ui/ui.css";
import "../compare.css";

const TITLE = "Time to first token vs output length";
const DEFINITION = chartDefinition(
  "One dot per successful streamed request: its output tokens across, its time to first token up. A provider that waits for the whole answer before streaming shows TTFT rising with length; one that streams as it generates shows a flat band. At most 750 requests per target are drawn, evenly spread through the run.",
  ["ttftP50Ms", "outputTokensMean"],
);

const outputTokens = (point: TtftLengthPoint): number => point.outputTokens;
const ttft = (point: TtftLengthPoint): number => point.ttftMs;

export function TtftLengthChart(props: { columns: RecordColumns; targets: TargetInfo[]; height?: number }) {
  const { columns, targets, height = 260 } = props;
  const series = useMemo(() => ttftLengthSeries(columns, targets.map((target) => target.id)), [columns, targets]);
  const dots = useMemo(() => dotSeriesOfTargets(targets, series), [series, targets]);
  const { xTicks, yTicks, estimated } = useMemo(() => {
    let longest = 0;
    let slowest = 0;
    let anyEstimated = false;
    for (const entry of series) {
      for (const point of entry.points) {
        longest = Math.max(longest, point.outputTokens);
        slowest = Math.max(slowest, point.ttftMs);
        anyEstimated ||= point.estimated;
      }
    }
    return { xTicks: niceTicks(0, longest, { integer: true }), yTicks: niceTicks(0, slowest), estimated: anyEstimated };
  }, [series]);
  const legend = useMemo(() => targets.map((target) => ({ label: target.label, color: target.color, mark: "dot" as const })), [targets]);

  if (series.every((entry) => entry.total === 0)) return <p className="pb-empty">No streamed request with a token count to draw.</p>;
  const thinned = series.some((entry) => entry.points.length < entry.total);
  return (
    <ChartFrame title={TITLE} definition={DEFINITION} legend={legend} testId="ttft-length-chart">
      {/* The points are not recharts data (ScatterDots draws them): allowDataOverflow has the axes take the domains given. */}
      <ScatterChart responsive style={{ width: "100%", height }} margin={{ top: 4, right: 12, bottom: 14, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis
          type="number"
          dataKey="outputTokens"
          ticks={xTicks}
          domain={[0, xTicks.at(-1) ?? "auto"]}
          allowDataOverflow
          tickFormatter={tickNumber}
          label={axisLabel(`Output tokens${estimated ? ` (${ESTIMATED_MARK} some estimated)` : ""}`, "x")}
        />
        <YAxis type="number" dataKey="ttftMs" ticks={yTicks} domain={[0, yTicks.at(-1) ?? "auto"]} allowDataOverflow tickFormatter={tickNumber} width={64} label={axisLabel("TTFT (ms)", "y")} />
        <Legend content={() => <ChartLegend items={legend} />} />
        <ScatterDots
          series={dots}
          x={outputTokens}
          y={ttft}
          radius={3}
          tooltip={(point, targetId) => {
            const target = targets.find((candidate) => candidate.id === targetId);
            return (
              <ChartTooltipBox
                title={`${point.estimated ? ESTIMATED_MARK : ""}${formatCount(point.outputTokens)} output tokens`}
                rows={[{ label: target?.label ?? targetId, color: target?.color ?? "currentColor", value: formatMs(point.ttftMs) }]}
              />
            );
          }}
        />
      </ScatterChart>
      {estimated || thinned ? (
        <p className="pb-footnote">
          {thinned ? `Drawn: ${series.map((entry) => `${formatCount(entry.points.length)} of ${formatCount(entry.total)}`).join(", ")} requests. ` : ""}
          {estimated ? `${ESTIMATED_MARK} ${ESTIMATED_EXPLANATION}` : ""}
        </p>
      ) : null}
    </ChartFrame>
  );
}
