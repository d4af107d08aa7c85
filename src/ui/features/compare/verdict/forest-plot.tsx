import { useMemo, useState } from "react";
import { CartesianGrid, ErrorBar, ReferenceLine, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from "recharts";
import { formatChangeIn, unitSymbol } from "../../../components/ui/format";
import { PAIRED_METRICS, pairedMetricById, type Comparison, type PairedMetric, type PairedMetricId } from "../../../../core/stats/paired";
import { describeComparison } from "../../../../core/verdict";
import { axisLabel, niceTicks, tickNumber } from "../../../components/charts/chart-format";
import { ChartFrame } from "../../../components/charts/chart-frame";
import { ChartTooltipBox, type LegendItem } from "../../../components/charts/chart-parts";
import { targetInfoById, type TargetInfo } from "../target-info";
import "../../../components/ui/ui.css";
import "../compare.css";

/** One pair as drawn: its difference, and the distances from it to the interval's ends (ErrorBar's form). */
interface ForestRow {
  pair: string;
  difference: number;
  ciLow: number;
  ciHigh: number;
  errorX: [number, number];
  significant: boolean;
  sentence: string;
}

const ROW_HEIGHT = 34;

export const FOREST_DEFINITION =
  "One row per pair of targets (a − b): the dot is the median of the paired differences (same input, same repetition), the bar its 95% bootstrap interval. A bar that crosses 0 is no detectable difference; filled dots are significant after Holm's correction over every pair and metric compared (Wilcoxon signed-rank test; the Mann-Whitney U test when the targets could not be paired).";

const LEGEND: readonly LegendItem[] = [
  { label: "significant (Holm)", color: "var(--pb-fg, #1b1f24)", mark: "dot" },
  { label: "not significant: hollow", color: "var(--pb-muted, #5f6b7a)", mark: "dot" },
];

function DifferenceDot(props: { cx?: number; cy?: number; payload?: ForestRow }) {
  const { cx, cy, payload } = props;
  if (cx === undefined || cy === undefined) return null;
  return <circle cx={cx} cy={cy} r={5} className={payload?.significant ? "pb-forest-dot pb-forest-significant" : "pb-forest-dot"} />;
}

/** The drawn rows of one metric: pairs the test could compare, labelled with the targets' names. */
function forestRows(comparisons: readonly Comparison[], targets: TargetInfo[], metricId: PairedMetricId): ForestRow[] {
  const byId = targetInfoById(targets);
  const label = (targetId: string): string => byId.get(targetId)?.label ?? targetId;
  return comparisons.flatMap((comparison) => {
    const { medianDifference, ciLow, ciHigh } = comparison;
    if (comparison.metric !== metricId || medianDifference === null || ciLow === null || ciHigh === null) return [];
    return [
      {
        pair: `${label(comparison.a)} − ${label(comparison.b)}${comparison.paired ? "" : " (unpaired)"}`,
        difference: medianDifference,
        ciLow,
        ciHigh,
        errorX: [medianDifference - ciLow, ciHigh - medianDifference],
        significant: comparison.significant,
        sentence: describeComparison(comparison, label(comparison.a), label(comparison.b)),
      },
    ];
  });
}

function ForestTooltip(props: { active?: boolean; payload?: readonly { payload?: unknown }[]; metric: PairedMetric }) {
  const row = (props.payload?.[0]?.payload as ForestRow | undefined) ?? null;
  if (!props.active || row === null) return null;
  return <ChartTooltipBox title={row.pair} rows={[{ label: "median difference", color: "var(--pb-fg, #1b1f24)", value: formatChangeIn(props.metric.unit, row.difference) }]} />;
}

/** The chart of one metric's rows, and each row's verdict in words beneath it. */
function ForestChart(props: { rows: ForestRow[]; metric: PairedMetric }) {
  const { rows, metric } = props;
  const ticks = useMemo(() => niceTicks(Math.min(0, ...rows.map((row) => row.ciLow)), Math.max(0, ...rows.map((row) => row.ciHigh))), [rows]);
  return (
    <ChartFrame title={`Paired differences: ${metric.label}`} definition={FOREST_DEFINITION} legend={LEGEND}>
      <ScatterChart responsive style={{ width: "100%", height: 56 + ROW_HEIGHT * rows.length }} margin={{ top: 4, right: 16, bottom: 14, left: 8 }} accessibilityLayer>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis
          type="number"
          dataKey="difference"
          ticks={ticks}
          domain={[ticks[0] ?? 0, ticks.at(-1) ?? 1]}
          tickFormatter={tickNumber}
          label={axisLabel(`${metric.label}: a − b (${unitSymbol(metric.unit)})`, "x")}
        />
        <YAxis type="category" dataKey="pair" width={132} tick={{ fontSize: 11 }} interval={0} />
        <ReferenceLine x={0} className="pb-forest-zero" />
        <Tooltip cursor={false} content={({ active, payload }) => <ForestTooltip active={active} payload={payload} metric={metric} />} />
        <Scatter data={rows} shape={DifferenceDot} isAnimationActive={false}>
          <ErrorBar dataKey="errorX" direction="x" width={6} strokeWidth={1.5} isAnimationActive={false} />
        </Scatter>
      </ScatterChart>
      <ul className="pb-forest-sentences">
        {rows.map((row) => (
          <li key={row.pair}>{row.sentence}</li>
        ))}
      </ul>
    </ChartFrame>
  );
}

/** The paired-difference forest plot: each pair's median difference with its interval, one metric at a time. */
export function ForestPlot(props: { comparisons: readonly Comparison[]; targets: TargetInfo[] }) {
  const { comparisons, targets } = props;
  const [metricId, setMetricId] = useState<PairedMetricId>("latencyMs");
  const metric = pairedMetricById(metricId);
  const rows = useMemo(() => forestRows(comparisons, targets, metricId), [comparisons, targets, metricId]);
  const untested = comparisons.filter((comparison) => comparison.metric === metricId && comparison.medianDifference === null).length;
  return (
    <div className="pb-forest" data-testid="forest-plot">
      <label className="pb-filter">
        <span>Metric</span>
        <select value={metricId} onChange={(event) => setMetricId(event.currentTarget.value as PairedMetricId)}>
          {PAIRED_METRICS.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      {rows.length === 0 ? <p className="pb-empty">Too few requests to compare any pair on {metric.label}.</p> : <ForestChart rows={rows} metric={metric} />}
      {untested > 0 ? <p className="pb-footnote">{untested} pair(s) had too few requests to compare and are not drawn.</p> : null}
    </div>
  );
}
