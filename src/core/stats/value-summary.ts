// Cost, checks and service-level objectives per target (docs/metrics.md): the part of the summary that
// needs the scenario's prices and SLOs besides the records. The accumulator in summary.ts feeds it one
// measured record at a time; like the rest, it keeps counters only.
import type { RequestRecord } from "../record";
import { type Scenario, requestCost, type TargetPrice, meetsSlo, type Slo } from "../scenario";
import { wilsonInterval95 } from "./proportion";

/** What the summary needs from the scenario beyond the records. */
export interface ValueSettings {
  /** Prices by target id; a target without one has no cost figures. */
  prices: ReadonlyMap<string, TargetPrice>;
  slo: Slo | null;
}

export const NO_VALUE_SETTINGS: ValueSettings = { prices: new Map(), slo: null };

export function valueSettingsOf(scenario: Pick<Scenario, "targets" | "slo">): ValueSettings {
  const prices = new Map<string, TargetPrice>();
  for (const target of scenario.targets) if (target.price !== undefined) prices.set(target.id, target.price);
  return { prices, slo: scenario.slo ?? null };
}

export interface ValueTotals {
  pricedRequests: number;
  costSumUsd: number;
  costEstimated: boolean;
  checkedRequests: number;
  checksPassedRequests: number;
  sloMetRequests: number;
}

export function emptyValueTotals(): ValueTotals {
  return { pricedRequests: 0, costSumUsd: 0, costEstimated: false, checkedRequests: 0, checksPassedRequests: 0, sloMetRequests: 0 };
}

/**
 * One measured, non-aborted attempt. A successful attempt is always its request's last, so counting
 * successful attempts counts requests; failed attempts add nothing here (they are not priced and never
 * meet an SLO), and their requests are in the denominators through the request counts.
 */
export function addValueRecord(totals: ValueTotals, settings: ValueSettings, record: RequestRecord): void {
  if (record.status !== "ok") return;
  const price = settings.prices.get(record.targetId);
  if (price !== undefined) {
    const cost = requestCost(price, record);
    if (cost !== null && Number.isFinite(cost.usd)) {
      totals.pricedRequests += 1;
      totals.costSumUsd += cost.usd;
      if (cost.estimated) totals.costEstimated = true;
    }
  }
  // A record stored before checks existed has no such field: it was not checked.
  if (record.checksPassed === true || record.checksPassed === false) {
    totals.checkedRequests += 1;
    if (record.checksPassed) totals.checksPassedRequests += 1;
  }
  if (settings.slo !== null && meetsSlo(settings.slo, record)) totals.sloMetRequests += 1;
}

export interface ValueSummary {
  /** Successful requests whose cost could be computed (every priced quantity present in the record). */
  pricedRequests: number;
  /** Mean cost of a successful request, US dollars; null without a price or a priced request. */
  costPerRequestUsd: number | null;
  /** costPerRequestUsd × 1,000. */
  costPer1000RequestsUsd: number | null;
  /** costPerRequestUsd × successful requests: a request that could not be priced counts at the mean. */
  runCostUsd: number | null;
  /** A cost rests on an estimated token count, or some successful requests could not be priced. */
  costEstimated: boolean;
  /** Successful requests whose input has checks. */
  checkedRequests: number;
  checksPassedRequests: number;
  /** checksPassedRequests / checkedRequests; null with nothing checked. */
  checksPassRate: number | null;
  /** Wilson 95% interval of checksPassRate. */
  checksPassRateCi95: [number, number] | null;
  /** Requests that met every SLO; null when the scenario has none. */
  sloMetRequests: number | null;
  /** sloMetRequests / measured requests (failed ones count as missing the SLO); null without SLO or requests. */
  sloAttainment: number | null;
  /** Wilson 95% interval of sloAttainment. */
  sloAttainmentCi95: [number, number] | null;
  /** sloMetRequests per second of the target's wall-clock span. */
  goodput: number | null;
}

export function summarizeValue(
  totals: ValueTotals,
  settings: ValueSettings,
  targetId: string,
  counts: { okRequests: number; requests: number; wallSpanMs: number | null },
): ValueSummary {
  const priced = settings.prices.has(targetId) && totals.pricedRequests > 0;
  const costPerRequestUsd = priced ? totals.costSumUsd / totals.pricedRequests : null;
  const hasSlo = settings.slo !== null;
  const spanSeconds = counts.wallSpanMs !== null && counts.wallSpanMs > 0 ? counts.wallSpanMs / 1000 : null;
  return {
    pricedRequests: totals.pricedRequests,
    costPerRequestUsd,
    costPer1000RequestsUsd: costPerRequestUsd === null ? null : costPerRequestUsd * 1000,
    runCostUsd: costPerRequestUsd === null ? null : costPerRequestUsd * counts.okRequests,
    costEstimated: priced && (totals.costEstimated || totals.pricedRequests < counts.okRequests),
    checkedRequests: totals.checkedRequests,
    checksPassedRequests: totals.checksPassedRequests,
    checksPassRate: totals.checkedRequests > 0 ? totals.checksPassedRequests / totals.checkedRequests : null,
    checksPassRateCi95: wilsonInterval95(totals.checksPassedRequests, totals.checkedRequests),
    sloMetRequests: hasSlo ? totals.sloMetRequests : null,
    sloAttainment: hasSlo && counts.requests > 0 ? totals.sloMetRequests / counts.requests : null,
    sloAttainmentCi95: hasSlo ? wilsonInterval95(totals.sloMetRequests, counts.requests) : null,
    goodput: hasSlo && spanSeconds !== null ? totals.sloMetRequests / spanSeconds : null,
  };
}
