// Two runs' latency distributions drawn over each other, per target: the later run solid, the earlier dashed.
import { useMemo } from "react";
import { CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from "recharts";
import type { RecordColumns } from "../../../../core/record/record-columns";
import { formatMs, formatPercent } from "../../../components/ui/format";
import { axisLabel, niceTicks, tickNumber, tickPercent } from "../../../components/charts/chart-format";
import { ChartFrame } from "../../../components/charts/chart-frame";
import { chartDefinition } from "../charts/chart-definitions";
import { ChartLegend, SeriesTooltip, type TooltipEntry } from "../../../components/charts/chart-parts";
import { ecdfSeries } from "../charts/record-series";
import type { TargetInfo } from "../target-info";
import "../compare.css";

const SHARE_TICKS = [0, 0.25, 0.5, 0.75, 1];

export function RunOverlayChart(props: {
  oldColumns: RecordColumns;
  newColumns: RecordColumns;
  targets: TargetInfo[];
  oldLabel: string;
  newLabel: string;
  height?: number;
}) {
  const { oldColumns, newColumns, targets, oldLabel, newLabel, height = 260 } = props;
  const targetIds = useMemo(() => targets.map((target) => target.id), [targets]);
  const newSeries = useMemo(() => ecdfSeries(newColumns, targetIds, "latency"), [newColumns, targetIds]);
  const oldSeries = useMemo(() => ecdfSeries(oldColumns, targetIds, "latency"), [oldColumns, targetIds]);
  const ticks = useMemo(() => {
    const xs = [...newSeries, ...oldSeries].flatMap((entry) => (entry.points.length === 0 ? [] : [entry.points[0]!.x, entry.points.at(-1)!.x]));
    return xs.length === 0 ? [0, 1] : niceTicks(Math.min(...xs), Math.max(...xs));
  }, [newSeries, oldSeries]);
  const title = `Latency distribution: ${newLabel} (solid) over ${oldLabel} (dashed)`;
  const legend = useMemo(() => targets.map((target) => ({ label: target.label, color: target.color, mark: "line" as const })), [targets]);
  const order = useMemo(
    () => targets.flatMap((target) => [`${target.label} · ${newLabel}`, `${target.label} · ${oldLabel}`]),
    [targets, newLabel, oldLabel],
  );
  const definition = useMemo(
    () =>
      chartDefinition(
        `For each target, the share of successful measured requests whose latency is at most x, in ${newLabel.toLowerCase()} (solid) and in ${oldLabel.toLowerCase()} (dashed). A curve moved right is slower; the table above says whether the move is more than chance.`,
        ["latencyP50Ms", "latencyP90Ms"],
      ),
    [newLabel, oldLabel],
  );

  if ([...newSeries, ...oldSeries].every((entry) => entry.n === 0)) return null;
  return (
    <ChartFrame title={title} definition={definition} legend={legend} testId="run-overlay-chart">
      <ComposedChart responsive style={{ width: "100%", height }} margin={{ top: 4, right: 12, bottom: 14, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis
          type="number"
          dataKey="x"
          ticks={ticks}
          domain={[ticks[0] ?? 0, ticks.at(-1) ?? "auto"]}
          tickFormatter={tickNumber}
          label={axisLabel("Latency (ms)", "x")}
        />
        <YAxis type="number" domain={[0, 1]} ticks={SHARE_TICKS} tickFormatter={tickPercent} width={56} label={axisLabel("Requests ≤ x", "y")} />
        <Tooltip
          content={({ active, payload, label }) => (
            <SeriesTooltip
              active={active}
              title={formatMs(typeof label === "number" ? label : null)}
              entries={payload as readonly TooltipEntry[] | undefined}
              order={order}
              formatValue={(value) => `≤ here: ${formatPercent(typeof value === "number" ? value : null)}`}
            />
          )}
        />
        <Legend content={() => <ChartLegend items={legend} />} />
        {targets.map((target, index) => (
          <Line
            key={`old:${target.id}`}
            name={`${target.label} · ${oldLabel}`}
            data={oldSeries[index]?.points ?? []}
            dataKey="p"
            type="stepAfter"
            stroke={target.color}
            strokeDasharray="5 4"
            strokeWidth={1.5}
            dot={false}
            isAnimationActive={false}
          />
        ))}
        {targets.map((target, index) => (
          <Line
            key={`new:${target.id}`}
            name={`${target.label} · ${newLabel}`}
            data={newSeries[index]?.points ?? []}
            dataKey="p"
            type="stepAfter"
            stroke={target.color}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </ComposedChart>
    </ChartFrame>
  );
}
