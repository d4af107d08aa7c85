// A run of sessions: each target's median time to first token at turn 1, 2, … (docs/metrics.md,
// "Sessions"). Every turn sends the conversation before it, so a line that falls after turn 1 is a
// provider serving the repeated prefix from its cache; a line that rises is one that reads it again.
import { useMemo } from "react";
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { SummaryRow } from "../../../../core/stats";
import { axisLabel, niceTicks, tickNumber, tooltipMs } from "../../../components/charts/chart-format";
import { ChartFrame } from "../../../components/charts/chart-frame";
import { ChartLegend, SeriesTooltip } from "../../../components/charts/chart-parts";
import { chartDefinition } from "./chart-definitions";
import type { TargetInfo } from "../target-info";
import "../compare.css";

export const TTFT_BY_TURN_TITLE = "TTFT by turn";
const DEFINITION = chartDefinition(
  "One line per target: the median time to first token of each turn of the sessions, over successful requests of that turn. Turn k sends the k − 1 exchanges before it.",
  ["session_firstTurnTtftP50Ms", "session_laterTurnsTtftP50Ms"],
);

interface TurnPoint {
  turn: number;
  ttftMsByTarget: Record<string, number | null>;
}

/** Whether any row has sessions' figures: the chart is drawn only for a run of sessions. */
export function hasSessions(rows: readonly SummaryRow[]): boolean {
  return rows.some((row) => (row.sessions?.turns.length ?? 0) > 0);
}

export function TtftByTurnChart(props: { rows: SummaryRow[]; targets: TargetInfo[]; height?: number }) {
  const { rows, targets, height = 240 } = props;
  const points = useMemo<TurnPoint[]>(() => {
    const turns = Math.max(0, ...rows.map((row) => row.sessions?.turns.length ?? 0));
    return Array.from({ length: turns }, (_, index) => ({
      turn: index + 1,
      ttftMsByTarget: Object.fromEntries(rows.map((row) => [row.targetId, row.sessions?.turns[index]?.ttftP50Ms ?? null])),
    }));
  }, [rows]);
  const ticks = useMemo(() => niceTicks(0, Math.max(0, ...points.flatMap((point) => Object.values(point.ttftMsByTarget).map((value) => value ?? 0)))), [points]);
  const legend = useMemo(() => targets.map((target) => ({ label: target.label, color: target.color, mark: "line" as const })), [targets]);
  const order = useMemo(() => targets.map((target) => target.label), [targets]);
  return (
    <ChartFrame title={TTFT_BY_TURN_TITLE} definition={DEFINITION} legend={legend} testId="ttft-by-turn-chart" caption={false}>
      <LineChart responsive style={{ width: "100%", height }} data={points} margin={{ top: 4, right: 8, bottom: 14, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="turn" allowDecimals={false} label={axisLabel("Turn", "x")} />
        <YAxis tickFormatter={tickNumber} ticks={ticks} domain={[0, ticks.at(-1) ?? "auto"]} width={64} label={axisLabel("TTFT p50 (ms)", "y")} />
        <Tooltip content={({ active, payload, label }) => <SeriesTooltip active={active} title={`turn ${String(label ?? "")}`} entries={payload} order={order} formatValue={tooltipMs} />} />
        <Legend content={() => <ChartLegend items={legend} />} />
        {targets.map((target) => (
          <Line
            key={target.id}
            name={target.label}
            dataKey={(point: TurnPoint) => point.ttftMsByTarget[target.id] ?? null}
            stroke={target.color}
            strokeWidth={2}
            dot={{ r: 3, fill: target.color }}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ChartFrame>
  );
}
