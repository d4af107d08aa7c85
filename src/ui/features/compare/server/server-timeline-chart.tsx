// The server's side over the run: each target's requests running and waiting, and its KV-cache
// usage, as its metrics page said at each scrape, on the run's time axis (the latency timeline's, drawn
// above it), in the targets' colours. A failed scrape is a gap in the line, never a zero.
import { useMemo } from "react";
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { ServerScrape } from "../../../../core/server-metrics";
import { axisLabel, tickNumber, tickPercent } from "../../../components/charts/chart-format";
import { ChartFrame } from "../../../components/charts/chart-frame";
import { ChartLegend, type LegendItem } from "../../../components/charts/chart-parts";
import type { RunTimeAxis } from "../charts/run-time-axis";
import type { TargetInfo } from "../target-info";
import "../compare.css";

/** One scrape as drawn: seconds into the run, and the gauges it read (null where it failed or the server has none). */
export interface ServerPoint {
  offsetSeconds: number;
  running: number | null;
  waiting: number | null;
  kvCacheUsage: number | null;
}

/** Each target's scrapes in time order, on the axis' clock. */
export function serverPoints(scrapes: readonly ServerScrape[], targetId: string, startMs: number): ServerPoint[] {
  return scrapes
    .filter((scrape) => scrape.targetId === targetId)
    .sort((a, b) => a.atMs - b.atMs)
    .map((scrape) => ({
      offsetSeconds: (scrape.atMs - startMs) / 1000,
      running: scrape.ok ? (scrape.values.running ?? null) : null,
      waiting: scrape.ok ? (scrape.values.waiting ?? null) : null,
      kvCacheUsage: scrape.ok ? (scrape.values.kvCacheUsage ?? null) : null,
    }));
}

const WAITING_DASH = "6 4";
const QUEUE_DEFINITION =
  "Each target's own metrics page, read through the run: requests the server was running (solid) and requests waiting in its queue (dashed), at each scrape, on the same seconds as the latency timeline above. A queue that rises while the client's latency climbs is the server's; a latency that climbs with no queue is elsewhere. A failed scrape leaves a gap.";
const KV_DEFINITION = "The share of the server's KV cache in use at each scrape (vLLM, SGLang and llama.cpp report it; the sandbox simulates it as running ÷ capacity).";

interface ServerLinesProps {
  byTarget: { target: TargetInfo; points: ServerPoint[] }[];
  axis: RunTimeAxis;
  quantities: { key: keyof ServerPoint; name: string; dash?: string }[];
  yLabel: string;
  legend: LegendItem[];
  percent?: boolean;
}

function ServerLines(props: ServerLinesProps) {
  const { byTarget, axis, quantities, yLabel, legend, percent = false } = props;
  return (
    <LineChart responsive style={{ width: "100%", height: 200 }} margin={{ top: 4, right: 12, bottom: 14, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis type="number" dataKey="offsetSeconds" ticks={axis.ticks} domain={[0, axis.ticks.at(-1) ?? "auto"]} allowDataOverflow tickFormatter={tickNumber} label={axisLabel("Seconds into the run", "x")} />
      <YAxis type="number" domain={percent ? [0, 1] : [0, "auto"]} allowDecimals={!percent} tickFormatter={percent ? tickPercent : tickNumber} width={64} label={axisLabel(yLabel, "y")} />
      <Legend content={() => <ChartLegend items={legend} />} />
      <Tooltip formatter={(value) => (percent ? tickPercent(Number(value)) : String(value))} labelFormatter={(seconds) => `${Number(seconds).toFixed(1)} s into the run`} />
      {byTarget.flatMap(({ target, points }) =>
        quantities.map((quantity) => (
          <Line
            key={`${target.id}:${quantity.key}`}
            data={points}
            dataKey={quantity.key}
            name={`${target.label}, ${quantity.name}`}
            stroke={target.color}
            strokeDasharray={quantity.dash}
            strokeWidth={2}
            dot={false}
            connectNulls={false}
            isAnimationActive={false}
          />
        )),
      )}
    </LineChart>
  );
}

export function ServerTimelineChart(props: { scrapes: readonly ServerScrape[]; targets: TargetInfo[]; axis: RunTimeAxis }) {
  const { scrapes, targets, axis } = props;
  const byTarget = useMemo(
    () => targets.map((target) => ({ target, points: serverPoints(scrapes, target.id, axis.startMs) })).filter((entry) => entry.points.length > 0),
    [scrapes, targets, axis.startMs],
  );
  const hasQueue = byTarget.some(({ points }) => points.some((point) => point.running !== null || point.waiting !== null));
  const hasKv = byTarget.some(({ points }) => points.some((point) => point.kvCacheUsage !== null));
  const colours: LegendItem[] = byTarget.map(({ target }) => ({ label: target.label, color: target.color, mark: "line" }));
  const queueLegend: LegendItem[] = [...colours, { label: "running: solid, waiting: dashed", color: "var(--pb-muted, #5f6b7a)", mark: "line" }];
  if (!hasQueue && !hasKv) return <p className="muted">The scrapes read no running, waiting or KV-cache gauge.</p>;
  return (
    <div data-testid="server-timeline">
      {hasQueue ? (
        <ChartFrame title="Server: requests running and waiting" definition={QUEUE_DEFINITION} legend={queueLegend} testId="server-queue-chart" caption>
          <ServerLines
            byTarget={byTarget}
            axis={axis}
            yLabel="Requests"
            legend={queueLegend}
            quantities={[
              { key: "running", name: "running" },
              { key: "waiting", name: "waiting", dash: WAITING_DASH },
            ]}
          />
        </ChartFrame>
      ) : null}
      {hasKv ? (
        <ChartFrame title="Server: KV-cache usage" definition={KV_DEFINITION} legend={colours} testId="server-kv-chart" caption>
          <ServerLines byTarget={byTarget} axis={axis} yLabel="KV cache" legend={colours} percent quantities={[{ key: "kvCacheUsage", name: "KV-cache usage" }]} />
        </ChartFrame>
      ) : null}
    </div>
  );
}
