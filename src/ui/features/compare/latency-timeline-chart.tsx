import { useMemo } from "react";
import { CartesianGrid, Legend, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from "recharts";
import type { RequestRecord } from "../../../core/record";
import { formatMs } from "../../components/ui/format";
import { tickNumber } from "./chart-format";
import { latencyTimelineSeries, type TimelinePoint } from "./record-series";
import type { TargetInfo } from "./target-info";
import "./compare.css";

interface PointShapeProps {
  cx?: number;
  cy?: number;
  payload?: TimelinePoint;
}

/** Successes are dots; failures are crosses in the same colour, so a burst of errors stands out. */
function pointShape(color: string) {
  return function TimelinePointShape(props: PointShapeProps) {
    const { cx, cy, payload } = props;
    if (cx === undefined || cy === undefined) return null;
    if (payload?.failed) {
      const size = 4;
      return (
        <path
          d={`M${cx - size},${cy - size}L${cx + size},${cy + size}M${cx - size},${cy + size}L${cx + size},${cy - size}`}
          stroke={color}
          strokeWidth={2}
        />
      );
    }
    return <circle cx={cx} cy={cy} r={2} fill={color} fillOpacity={0.7} />;
  };
}

function describePoint(point: TimelinePoint): string {
  return `${point.offsetSeconds.toFixed(2)} s: ${formatMs(point.latencyMs)}${point.failed ? " (failed)" : ""}`;
}

/** Latency by when the request started in the run: throttling, queueing and cold starts show up as drift. */
export function LatencyTimelineChart(props: { records: RequestRecord[]; targets: TargetInfo[]; height?: number }) {
  const { records, targets, height = 260 } = props;
  const series = useMemo(() => latencyTimelineSeries(records, targets.map((target) => target.id)), [records, targets]);
  return (
    <ScatterChart responsive style={{ width: "100%", height }} margin={{ top: 4, right: 12, bottom: 0, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis type="number" dataKey="offsetSeconds" name="Started" unit=" s" tickFormatter={tickNumber} domain={[0, "auto"]} />
      <YAxis type="number" dataKey="latencyMs" name="Latency" unit=" ms" tickFormatter={tickNumber} width={64} />
      <Tooltip
        cursor={{ strokeDasharray: "3 3" }}
        content={({ active, payload }) => {
          const point = payload?.[0]?.payload as TimelinePoint | undefined;
          return active && point ? <div className="pb-chart-tooltip">{describePoint(point)}</div> : null;
        }}
      />
      <Legend itemSorter={null} />
      {targets.map((target, index) => (
        <Scatter
          key={target.id}
          name={target.label}
          data={series[index]?.points ?? []}
          fill={target.color}
          shape={pointShape(target.color)}
          isAnimationActive={false}
        />
      ))}
    </ScatterChart>
  );
}
