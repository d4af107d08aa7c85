// What the compare views need to show a target: its name for people and its stable colour.
import { targetColor } from "../../components/ui/target-colors";

export interface TargetInfo {
  id: string;
  label: string;
  color: string;
}

/**
 * Targets in display order. labelsById gives the scenario's labels; a target without one is shown by id.
 * Colours follow the position in targetIds, so callers pass the same order everywhere in a view.
 */
export function describeTargets(targetIds: string[], labelsById: ReadonlyMap<string, string> = new Map()): TargetInfo[] {
  return targetIds.map((id) => ({ id, label: labelsById.get(id) ?? id, color: targetColor(id, targetIds) }));
}

export function targetInfoById(targets: TargetInfo[]): Map<string, TargetInfo> {
  return new Map(targets.map((target) => [target.id, target]));
}
