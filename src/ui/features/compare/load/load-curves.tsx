// A sweep on the Compare page: throughput against effective latency and against TTFT, one curve per
// target (one point per stage, in order of offered load), the stage where each saturated ringed and
// named in words under the charts (docs/metrics.md, "Load"); after a capacity search, each target's
// answer marked with a square and said with its interval (docs/capacity.md).
import { useMemo } from "react";
import { CartesianGrid, Legend, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from "recharts";
import { loadCurves, type CurvePoint, type TargetCurve } from "../../../../core/load/curves";
import { capacityResults, type CapacityResult } from "../../../../core/load/capacity-stages";
import { describeCapacityLevel, describeCapacityRates, describeCapacityStop, describeObjectiveJudgement } from "../../../../core/load/capacity-answer";
import type { RequestRecord } from "../../../../core/record";
import type { Scenario } from "../../../../core/scenario";
import { formatMs } from "../../../components/ui/format";
import { axisLabel, niceTicks, tickNumber } from "../../../components/charts/chart-format";
import { ChartLegend, ChartTooltipBox } from "../../../components/charts/chart-parts";
import type { TargetInfo } from "../target-info";
import "../compare.css";

type Measure = "effectiveLatencyP50" | "ttftP50";

const MEASURES: Record<Measure, { title: string; axis: string }> = {
  effectiveLatencyP50: { title: "Throughput against effective latency (p50)", axis: "Effective latency p50 (ms)" },
  ttftP50: { title: "Throughput against TTFT (p50)", axis: "TTFT p50 (ms)" },
};

interface DrawnPoint extends CurvePoint {
  targetId: string;
  y: number;
  saturated: boolean;
  /** The stage of the target's capacity under the SLO (a capacity search's answer). */
  capacity: boolean;
}

function pointShape(color: string) {
  return function CurvePointShape(props: { cx?: number; cy?: number; payload?: DrawnPoint }) {
    const { cx, cy, payload } = props;
    if (cx === undefined || cy === undefined) return null;
    return (
      <g>
        <circle cx={cx} cy={cy} r={3.5} fill={color} />
        {/* The saturation point: a ring around the dot, so it reads without colour too. */}
        {payload?.saturated ? <circle cx={cx} cy={cy} r={8} fill="none" stroke={color} strokeWidth={2} data-testid="saturation-mark" /> : null}
        {/* The capacity under the SLO: a square, apart from the saturation ring. */}
        {payload?.capacity ? <rect x={cx - 7} y={cy - 7} width={14} height={14} fill="none" stroke={color} strokeWidth={2} data-testid="capacity-mark" /> : null}
      </g>
    );
  };
}

function CurveChart(props: { curves: TargetCurve[]; targets: TargetInfo[]; measure: Measure; capacities: readonly CapacityResult[] }) {
  const { curves, targets, measure, capacities } = props;
  const series = useMemo(
    () =>
      curves.map((curve) => {
        const capacityStage = capacities.find((result) => result.targetId === curve.targetId)?.atCapacity?.stage;
        return curve.points.flatMap((point): DrawnPoint[] => {
          const y = point[measure];
          return point.throughput === null || y === null ? [] : [{ ...point, targetId: curve.targetId, y, saturated: point.stage === curve.saturatedAt, capacity: point.stage === capacityStage }];
        });
      }),
    [curves, measure, capacities],
  );
  const all = series.flat();
  const xTicks = niceTicks(0, Math.max(0, ...all.map((point) => point.throughput ?? 0)));
  const yTicks = niceTicks(0, Math.max(0, ...all.map((point) => point.y)));
  if (all.length === 0) return <p className="muted">No {measure === "ttftP50" ? "streamed " : ""}successful requests to draw.</p>;
  return (
    <figure className="pb-chart-figure">
      <figcaption>{MEASURES[measure].title}</figcaption>
      <ScatterChart responsive style={{ width: "100%", height: 260 }} margin={{ top: 12, right: 16, bottom: 14, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis type="number" dataKey="throughput" ticks={xTicks} domain={[0, xTicks.at(-1) ?? "auto"]} tickFormatter={tickNumber} label={axisLabel("Throughput (successful req/s)", "x")} />
        <YAxis type="number" dataKey="y" ticks={yTicks} domain={[0, yTicks.at(-1) ?? "auto"]} tickFormatter={tickNumber} width={64} label={axisLabel(MEASURES[measure].axis, "y")} />
        <Tooltip
          content={({ active, payload }) => {
            const point = payload?.[0]?.payload as DrawnPoint | undefined;
            if (!active || !point) return null;
            const target = targets.find((candidate) => candidate.id === point.targetId);
            return (
              <ChartTooltipBox
                title={`${target?.label ?? point.targetId}, stage ${point.stage}: ${point.label}${point.saturated ? " (saturated)" : ""}${point.capacity ? " (capacity under the SLO)" : ""}`}
                rows={[{ label: `${(point.throughput ?? 0).toFixed(2)} req/s`, color: target?.color ?? "currentColor", value: formatMs(point.y) }]}
              />
            );
          }}
        />
        <Legend content={() => <ChartLegend items={targets.map((target) => ({ label: target.label, color: target.color, mark: "line" as const }))} />} />
        {targets.map((target, index) => (
          <Scatter key={target.id} name={target.label} data={series[index] ?? []} fill={target.color} line={{ stroke: target.color, strokeWidth: 2 }} shape={pointShape(target.color)} isAnimationActive={false} />
        ))}
      </ScatterChart>
    </figure>
  );
}

/** Each target's capacity under the SLO in words: the level, its objectives' intervals, its goodput, why the search ended. */
function CapacityList(props: { capacities: readonly CapacityResult[]; labelOf: (targetId: string) => string }) {
  return (
    <ul className="pb-load-verdicts" data-testid="capacity-list">
      {props.capacities.map((result) => (
        <li key={result.targetId} data-target={result.targetId} data-capacity={result.capacity ?? ""}>
          <strong>{props.labelOf(result.targetId)}</strong>: capacity under the SLO{" "}
          {result.atCapacity === null
            ? "not found (no level met it)"
            : `${describeCapacityLevel(result.over, result.atCapacity.level)} (${result.atCapacity.objectives.map(describeObjectiveJudgement).join("; ")}; ${describeCapacityRates(result.atCapacity)})`}
          ; {describeCapacityStop(result)}
        </li>
      ))}
    </ul>
  );
}

/** The curves and, in words, where each target saturated (or the client held it back) and whether it was throttled. */
export function LoadCurves(props: { records: RequestRecord[]; scenario: Scenario; targets: TargetInfo[]; connectionShares?: ReadonlyMap<string, number> }) {
  const { records, scenario, targets, connectionShares } = props;
  const curves = useMemo(() => loadCurves(records, scenario, connectionShares), [records, scenario, connectionShares]);
  const capacities = useMemo(() => capacityResults(records, scenario), [records, scenario]);
  const labelOf = (targetId: string): string => targets.find((target) => target.id === targetId)?.label ?? targetId;
  return (
    <div className="pb-load-curves" data-testid="load-curves">
      <CurveChart curves={curves} targets={targets} measure="effectiveLatencyP50" capacities={capacities} />
      <CurveChart curves={curves} targets={targets} measure="ttftP50" capacities={capacities} />
      {capacities.length > 0 ? <CapacityList capacities={capacities} labelOf={labelOf} /> : null}
      <ul className="pb-load-verdicts" data-testid="saturation-list">
        {curves.map((curve) => (
          <li
            key={curve.targetId}
            data-target={curve.targetId}
            data-saturated-stage={curve.saturatedAt ?? ""}
            data-client-limited-stages={[...curve.clientLimits.map((limit) => limit.stage), ...curve.clientSlowdowns].sort((a, b) => a - b).join(" ")}
          >
            <strong>{labelOf(curve.targetId)}</strong>: {curve.statement}
          </li>
        ))}
      </ul>
    </div>
  );
}
