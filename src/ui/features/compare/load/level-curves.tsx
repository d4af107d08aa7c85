// A parameter sweep on the Compare page (run.parameterSweep, docs/workloads.md "Reasoning effort"): the
// time to first answer token and the cost against the pass rate, one curve per target in its colour, one
// point per level in the sweep's order, so what each step of effort buys and costs reads off the slope.
import { useMemo } from "react";
import { CartesianGrid, Legend, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from "recharts";
import { parameterLevelRows } from "../../../../core/load/level-rows";
import { formatNumberIn } from "../../../components/ui/format";
import { headerWithUnit, metricById, PARAMETER_SWEEP_AXES } from "../../../../core/metrics";
import type { RequestRecord } from "../../../../core/record";
import type { Scenario } from "../../../../core/scenario";
import { axisLabel, niceTicks, tickNumber, tickPercent } from "../../../components/charts/chart-format";
import { ChartLegend, ChartTooltipBox } from "../../../components/charts/chart-parts";
import type { TargetInfo } from "../target-info";
import "../compare.css";

type Axis = "latency" | "cost";

interface LevelPoint {
  targetId: string;
  level: string;
  quality: number;
  y: number;
}

/** Each target's points, level by level; a level without a pass rate or the figure is left out. */
function levelPoints(records: RequestRecord[], scenario: Scenario, targets: TargetInfo[], axis: Axis): LevelPoint[][] {
  const levels = parameterLevelRows(records, scenario);
  const [quality, measure] = [metricById(PARAMETER_SWEEP_AXES.quality), metricById(PARAMETER_SWEEP_AXES[axis])];
  return targets.map((target) =>
    levels.flatMap(({ level, rows }) => {
      const row = rows.find((candidate) => candidate.targetId === target.id);
      const [x, y] = row === undefined ? [null, null] : [quality.value(row), measure.value(row)];
      return x === null || y === null ? [] : [{ targetId: target.id, level, quality: x, y }];
    }),
  );
}

function LevelChart(props: { series: LevelPoint[][]; targets: TargetInfo[]; axis: Axis; parameter: string }) {
  const { series, targets, axis, parameter } = props;
  const measure = metricById(PARAMETER_SWEEP_AXES[axis]);
  const all = series.flat();
  if (all.length === 0) {
    const missing = axis === "cost" ? "No priced target with checked answers: give the targets a price and the inputs expectations." : "No checked streamed answers: give the inputs expectations and stream the run.";
    return <p className="muted" data-testid={`level-curve-${axis}-empty`}>{missing}</p>;
  }
  const yTicks = niceTicks(0, Math.max(0, ...all.map((point) => point.y)));
  const title = `${measure.label.charAt(0).toUpperCase()}${measure.label.slice(1)} against pass rate, per level of ${parameter}`;
  return (
    <figure className="pb-chart-figure" data-testid={`level-curve-${axis}`}>
      <figcaption>{title}</figcaption>
      <ScatterChart responsive style={{ width: "100%", height: 260 }} margin={{ top: 12, right: 16, bottom: 14, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis type="number" dataKey="quality" domain={[0, 1]} ticks={[0, 0.25, 0.5, 0.75, 1]} tickFormatter={tickPercent} label={axisLabel("Pass rate", "x")} />
        <YAxis type="number" dataKey="y" ticks={yTicks} domain={[0, yTicks.at(-1) ?? "auto"]} tickFormatter={tickNumber} width={64} label={axisLabel(headerWithUnit(measure), "y")} />
        <Tooltip
          content={({ active, payload }) => {
            const point = payload?.[0]?.payload as LevelPoint | undefined;
            if (!active || !point) return null;
            const target = targets.find((candidate) => candidate.id === point.targetId);
            return (
              <ChartTooltipBox
                title={`${target?.label ?? point.targetId}, ${parameter} ${point.level}`}
                rows={[
                  { label: "pass rate", color: target?.color ?? "currentColor", value: tickPercent(point.quality) },
                  { label: measure.label, color: target?.color ?? "currentColor", value: formatNumberIn(measure.unit, point.y) },
                ]}
              />
            );
          }}
        />
        <Legend content={() => <ChartLegend items={targets.map((target) => ({ label: target.label, color: target.color, mark: "line" as const }))} />} />
        {targets.map((target, index) => (
          <Scatter key={target.id} name={target.label} data={series[index] ?? []} fill={target.color} line={{ stroke: target.color, strokeWidth: 2 }} isAnimationActive={false} />
        ))}
      </ScatterChart>
    </figure>
  );
}

export function LevelCurves(props: { records: RequestRecord[]; scenario: Scenario; targets: TargetInfo[] }) {
  const { records, scenario, targets } = props;
  const latency = useMemo(() => levelPoints(records, scenario, targets, "latency"), [records, scenario, targets]);
  const cost = useMemo(() => levelPoints(records, scenario, targets, "cost"), [records, scenario, targets]);
  const parameter = scenario.run.parameterSweep?.parameter ?? "";
  return (
    <div className="pb-load-curves" data-testid="level-curves">
      <LevelChart series={latency} targets={targets} axis="latency" parameter={parameter} />
      <LevelChart series={cost} targets={targets} axis="cost" parameter={parameter} />
      <ul className="pb-load-verdicts" data-testid="level-list">
        {targets.map((target, index) => (
          <li key={target.id} data-target={target.id}>
            <strong>{target.label}</strong>: {latency[index]!.map((point) => `${point.level} ${tickPercent(point.quality)} at ${formatNumberIn("ms", point.y)} ms`).join(", ") || "no level with checked answers"}
          </li>
        ))}
      </ul>
    </div>
  );
}
