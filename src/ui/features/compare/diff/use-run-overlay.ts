// What the overlay chart draws: both runs' latency distributions per target, the x ticks that hold both,
// its legend, the tooltip's order (per target, the later run first) and its definition.
import { useMemo } from "react";
import type { RecordColumns } from "../../../../core/record/record-columns";
import { niceTicks } from "../../../components/charts/chart-format";
import { chartDefinition } from "../charts/chart-definitions";
import { ecdfSeries } from "../charts/record-series";
import type { TargetInfo } from "../target-info";

export function useRunOverlay(oldColumns: RecordColumns, newColumns: RecordColumns, targets: TargetInfo[], oldLabel: string, newLabel: string) {
  const targetIds = useMemo(() => targets.map((target) => target.id), [targets]);
  const newSeries = useMemo(() => ecdfSeries(newColumns, targetIds, "latency"), [newColumns, targetIds]);
  const oldSeries = useMemo(() => ecdfSeries(oldColumns, targetIds, "latency"), [oldColumns, targetIds]);
  const ticks = useMemo(() => {
    const xs = [...newSeries, ...oldSeries].flatMap((entry) => (entry.points.length === 0 ? [] : [entry.points[0]!.x, entry.points.at(-1)!.x]));
    return xs.length === 0 ? [0, 1] : niceTicks(Math.min(...xs), Math.max(...xs));
  }, [newSeries, oldSeries]);
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
  return { newSeries, oldSeries, ticks, legend, order, definition };
}
