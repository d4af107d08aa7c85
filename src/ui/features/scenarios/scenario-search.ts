// The Scenarios page's search: a scenario matches when every word of the query is in its name,
// description, task or one of its targets (id, label, provider, model, endpoint).
import type { Scenario } from "../../../core/scenario/types";

export function matchesSearch(scenario: Scenario, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [
    scenario.name,
    scenario.description ?? "",
    scenario.task,
    ...scenario.targets.flatMap((target) => [target.id, target.label ?? "", target.provider ?? "", target.model, target.endpointUrl ?? ""]),
  ]
    .join("\n")
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** A copy's name: "Name (copy)", then "Name (copy 2)", … so copies are told apart in the list. */
export function copyName(name: string, taken: readonly string[]): string {
  const base = name.replace(/ \(copy(?: \d+)?\)$/, "");
  for (let index = 1; ; index++) {
    const candidate = index === 1 ? `${base} (copy)` : `${base} (copy ${index})`;
    if (!taken.includes(candidate)) return candidate;
  }
}
