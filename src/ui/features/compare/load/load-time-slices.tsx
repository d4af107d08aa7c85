// A load run over its wall clock, in slices (10 s for a five-minute run): per target the median effective
// latency of the requests that started in each slice, the successful requests per second that ended in
// it, and the requests in flight during it (time-weighted).
import { useMemo } from "react";
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { timeSlices } from "../../../../core/load/time-slices";
import type { RequestRecord } from "../../../../core/record";
import { axisLabel, tickNumber, tooltipMs } from "../../../components/charts/chart-format";
import { ChartLegend } from "../../../components/charts/chart-parts";
import type { TargetInfo } from "../target-info";
import "../compare.css";

type Field = "effectiveLatencyP50Ms" | "throughput" | "inFlightMean";

const FIELDS: Record<Field, { caption: string; axis: string; value(value: unknown): string }> = {
  effectiveLatencyP50Ms: { caption: "Effective latency p50", axis: "ms", value: tooltipMs },
  throughput: { caption: "Successful requests/s", axis: "req/s", value: (value) => `${Number(value).toFixed(2)} req/s` },
  inFlightMean: { caption: "Requests in flight (time-weighted mean)", axis: "in flight", value: (value) => Number(value).toFixed(2) },
};

function SliceChart(props: { rows: Record<string, number | null>[]; targets: TargetInfo[]; field: Field; widthSeconds: number }) {
  const { rows, targets, field, widthSeconds } = props;
  return (
    <figure className="pb-chart-figure">
      <figcaption>{`${FIELDS[field].caption}, per ${widthSeconds} s slice`}</figcaption>
      <LineChart responsive style={{ width: "100%", height: 220 }} data={rows} margin={{ top: 8, right: 16, bottom: 14, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="startSeconds" type="number" tickFormatter={tickNumber} label={axisLabel("Seconds into the run", "x")} />
        <YAxis tickFormatter={tickNumber} width={64} label={axisLabel(FIELDS[field].axis, "y")} />
        <Tooltip formatter={(value) => FIELDS[field].value(value)} />
        <Legend content={() => <ChartLegend items={targets.map((target) => ({ label: target.label, color: target.color, mark: "line" as const }))} />} />
        {targets.map((target) => (
          <Line key={target.id} dataKey={`${target.id}\u0000${field}`} name={target.label} stroke={target.color} strokeWidth={2} dot={false} connectNulls={false} isAnimationActive={false} />
        ))}
      </LineChart>
    </figure>
  );
}

export function LoadTimeSlices(props: { records: RequestRecord[]; targets: TargetInfo[] }) {
  const { records, targets } = props;
  const { rows, widthSeconds } = useMemo(() => {
    const slices = timeSlices(records, targets.map((target) => target.id));
    const count = Math.max(0, ...[...slices.byTarget.values()].map((list) => list.length));
    const table = Array.from({ length: count }, (_, index) => {
      const row: Record<string, number | null> = { startSeconds: index * slices.widthSeconds };
      for (const target of targets) {
        const slice = slices.byTarget.get(target.id)?.[index];
        row[`${target.id}\u0000effectiveLatencyP50Ms`] = slice?.effectiveLatencyP50Ms ?? null;
        row[`${target.id}\u0000throughput`] = slice?.throughput ?? null;
        row[`${target.id}\u0000inFlightMean`] = slice?.inFlightMean ?? null;
      }
      return row;
    });
    return { rows: table, widthSeconds: slices.widthSeconds };
  }, [records, targets]);
  if (rows.length === 0) return <p className="muted">No measured requests yet.</p>;
  return (
    <div data-testid="load-time-slices">
      <SliceChart rows={rows} targets={targets} field="effectiveLatencyP50Ms" widthSeconds={widthSeconds} />
      <SliceChart rows={rows} targets={targets} field="throughput" widthSeconds={widthSeconds} />
      <SliceChart rows={rows} targets={targets} field="inFlightMean" widthSeconds={widthSeconds} />
    </div>
  );
}
