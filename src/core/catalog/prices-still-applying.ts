// Which of a run's stored prices (with their source and read time) still describe a replay of it. A leaf: the
// app shell's replay imports it, and the first screen must not carry the catalog room's look-ups.
import type { TargetPrice } from "../scenario/pricing";
import type { ScenarioTarget } from "../scenario/types";

/**
 * The stored prices that still describe `scenario`'s targets (a replay, perhaps with changes): an entry
 * whose target is gone, or whose price was edited since, no longer says where that target's price came from.
 */
export function pricesStillApplying<Entry extends { targetId: string; price: TargetPrice | null }>(prices: readonly Entry[], scenario: { targets: readonly ScenarioTarget[] }): Entry[] {
  return prices.filter((entry) => {
    const target = scenario.targets.find((candidate) => candidate.id === entry.targetId);
    return target !== undefined && samePrice(target.price ?? null, entry.price);
  });
}

function samePrice(a: TargetPrice | null, b: TargetPrice | null): boolean {
  if (a === null || b === null) return a === b;
  const parts = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof TargetPrice)[]);
  return [...parts].every((part) => a[part] === b[part]);
}
