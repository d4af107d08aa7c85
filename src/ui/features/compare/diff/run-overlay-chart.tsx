// Two runs' latency distributions drawn over each other, per target: the later run solid, the earlier dashed.
import { CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from "recharts";
import type { RecordColumns } from "../../../../core/record/record-columns";
import { formatMs, formatPercent } from "../../../components/ui/format";
import { axisLabel, tickNumber, tickPercent } from "../../../components/charts/chart-format";
import { ChartFrame } from "../../../components/charts/chart-frame";
import { ChartLegend, SeriesTooltip, type TooltipEntry } from "../../../components/charts/chart-parts";
import type { TargetInfo } from "../target-info";
import { useRunOverlay } from "./use-run-overlay";
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
  const { newSeries, oldSeries, ticks, legend, order, definition } = useRunOverlay(oldColumns, newColumns, targets, oldLabel, newLabel);
  const title = `Latency distribution: ${newLabel} (solid) over ${oldLabel} (dashed)`;

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
