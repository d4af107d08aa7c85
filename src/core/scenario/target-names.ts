// The one name people see for a target, on every page and in CLI output and CSV files.
import { displayText } from "../text/display-text";
import type { Scenario } from "./types";

/**
 * The target's label, or its id when it has none (or is no longer in the scenario). The label is the
 * scenario author's text, placed in the product's sentences: it carries no bidi control or line break
 * (display-text.ts), so it reorders nothing around it.
 */
export function targetDisplayName(scenario: Pick<Scenario, "targets">, targetId: string): string {
  const label = displayText(scenario.targets.find((target) => target.id === targetId)?.label ?? "").trim();
  return label ? label : targetId;
}

/** Display names by target id, for views that look many up. */
export function targetDisplayNames(scenario: Pick<Scenario, "targets">): Map<string, string> {
  return new Map(scenario.targets.map((target) => [target.id, targetDisplayName(scenario, target.id)]));
}
