// A run's cost at today's prices, beside the prices it was made with: each target's listed price read from a
// providers table looked up now, and the run's scenario with those prices in place of its own, so the
// summary (one definition of cost) prices the same measured tokens twice. Nothing is guessed: a target the
// table does not list, or not at a price its task is charged by, has no price today, never a price of 0.
import { isProviderTarget, type Scenario, type ScenarioTarget } from "../scenario";
import type { ProvidersTable } from "./providers-table";
import { priceRecord, type TargetPriceRecord } from "./scenario-from-providers";

/** The Hub models whose providers price the scenario's targets: one providers table to look up per model. */
export function modelsToPrice(scenario: Pick<Scenario, "targets">): string[] {
  const models = scenario.targets.filter(isProviderTarget).map((target) => target.model);
  return [...new Set(models.map((model) => model.toLowerCase()))].map((lower) => models.find((model) => model.toLowerCase() === lower)!);
}

/** Each target's price as the tables (looked up now) list it, in the scenario's order, with why not where there is none. */
export function pricesFromTables(scenario: Pick<Scenario, "targets" | "task">, tables: readonly ProvidersTable[]): TargetPriceRecord[] {
  return scenario.targets.map((target) => priceNow(target, scenario.task, tables));
}

function priceNow(target: ScenarioTarget, task: string, tables: readonly ProvidersTable[]): TargetPriceRecord {
  if (!isProviderTarget(target) || target.provider === "auto") {
    return { targetId: target.id, provider: target.provider ?? target.id, price: null, reason: "not a named Hugging Face provider: no listed price", source: null };
  }
  const table = tables.find((candidate) => candidate.modelId.toLowerCase() === target.model.toLowerCase());
  if (table === undefined) return { targetId: target.id, provider: target.provider, price: null, reason: `the providers of ${target.model} were not looked up`, source: null };
  const row = table.rows.find((candidate) => candidate.provider === target.provider);
  if (row === undefined) {
    return { targetId: target.id, provider: target.provider, price: null, reason: `the Hub no longer maps ${target.model} to ${target.provider}`, source: table.mappingSource };
  }
  return { ...priceRecord(row, task), targetId: target.id };
}

/** The scenario with each listed target's price replaced by `prices`' (taken away where that is "no price"). */
export function scenarioAtPrices(scenario: Scenario, prices: readonly Pick<TargetPriceRecord, "targetId" | "price">[]): Scenario {
  const byTarget = new Map(prices.map((entry) => [entry.targetId, entry.price]));
  const targets = scenario.targets.map((target) => {
    if (!byTarget.has(target.id)) return target;
    const { price: _then, ...rest } = target;
    const now = byTarget.get(target.id) ?? null;
    return now === null ? rest : { ...rest, price: now };
  });
  return { ...scenario, targets };
}
