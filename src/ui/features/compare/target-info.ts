// What the compare views need to show a target: its name for people and its stable colour.
import { type Scenario, targetDisplayName } from "../../../core/scenario";
import { targetColor } from "../../components/ui/target-colors";

export interface TargetInfo {
  id: string;
  label: string;
  color: string;
}

/**
 * Targets in display order, named as everywhere else (core's targetDisplayName: the scenario's label,
 * else the id). Colours follow the position in targetIds, so callers pass the same order everywhere in a view.
 */
export function describeTargets(targetIds: string[], scenario: Pick<Scenario, "targets"> = { targets: [] }): TargetInfo[] {
  return targetIds.map((id) => ({ id, label: targetDisplayName(scenario, id), color: targetColor(id, targetIds) }));
}

export function targetInfoById(targets: TargetInfo[]): Map<string, TargetInfo> {
  return new Map(targets.map((target) => [target.id, target]));
}
