// A capacity search's answer as `run` and `analyze` print it (docs/capacity.md): per target the highest
// level that met the SLO, each objective's figure there with its interval, the throughput and goodput
// there, the levels tried and why the search ended; and the same as JSON (`capacity`).
import { capacityToJson, describeCapacityLevel, describeCapacityRates, describeCapacityStop, describeObjectiveJudgement, type CapacityResult } from "../core/load";
import { describeCapacityObjective, type CapacityObjective } from "../core/scenario";
import { formatTextTable } from "./text-table";

export interface CapacityReport {
  text: string;
  json: Record<string, unknown>[];
}

export function formatCapacityReport(results: readonly CapacityResult[], objectives: readonly CapacityObjective[], targetLabel: (targetId: string) => string): CapacityReport {
  const rows = results.map((result) => {
    const at = result.atCapacity;
    return [
      targetLabel(result.targetId),
      result.capacity === null ? "none met" : describeCapacityLevel(result.over, result.capacity),
      at === null ? "—" : at.objectives.map(describeObjectiveJudgement).join("; "),
      at === null ? "—" : describeCapacityRates(at),
      String(result.trials.length),
    ];
  });
  const table = formatTextTable(["target", "capacity", "at capacity (95% intervals)", "throughput, goodput", "levels"], rows, [4]);
  const stops = results.map((result) => `  ${targetLabel(result.targetId)}: ${describeCapacityStop(result)}`);
  return {
    text: [`Capacity under the SLO ${objectives.map(describeCapacityObjective).join(", ")} (docs/capacity.md):`, table, ...stops].join("\n"),
    json: results.map((result) => capacityToJson(result, targetLabel(result.targetId))),
  };
}
