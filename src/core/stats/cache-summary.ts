// Prefix caching per target (docs/metrics.md, "Prefix caching"): the share of input tokens the provider
// says it served from its cache, and, for a run whose prompts probe the cache (inputs.synthetic.prefixCache),
// TTFT and cost of warm requests beside cold ones, and the TTFT the cache saves with its interval (the
// seeded bootstrap of a difference of medians, significance.ts). Fed one record at a time by the
// accumulator (summary.ts); the values of probed requests and counters only.
import type { RequestRecord } from "../record";
import { requestCost } from "../scenario";
import { describeSorted, emptyDistribution, type Distribution } from "./distribution";
import { bootstrapPercentileDifference } from "./significance";
import { sortFloat64 } from "./sort-float64";
import type { ValueSettings } from "./value-summary";

export interface CacheTotals {
  reportingRequests: number;
  cachedTokens: number;
  inputTokens: number;
  warmCachedTokens: number;
  warmInputTokens: number;
  warmTtftMs: number[];
  coldTtftMs: number[];
  warmCostUsd: number[];
  coldCostUsd: number[];
}

export function emptyCacheTotals(): CacheTotals {
  return { reportingRequests: 0, cachedTokens: 0, inputTokens: 0, warmCachedTokens: 0, warmInputTokens: 0, warmTtftMs: [], coldTtftMs: [], warmCostUsd: [], coldCostUsd: [] };
}

/** One successful measured record: its cached count if its usage reported one, its TTFT and cost by its probe. */
export function addCacheRecord(totals: CacheTotals, settings: ValueSettings, record: RequestRecord): void {
  if (record.status !== "ok") return;
  const cached = record.cachedInputTokens;
  const probe = record.cacheProbe;
  if (typeof cached === "number" && typeof record.inputTokens === "number" && record.inputTokens > 0) {
    // A count past the input (a provider's mistake) is capped, as pricing caps it.
    const served = Math.min(cached, record.inputTokens);
    totals.reportingRequests += 1;
    totals.cachedTokens += served;
    totals.inputTokens += record.inputTokens;
    if (probe === "warm") {
      totals.warmCachedTokens += served;
      totals.warmInputTokens += record.inputTokens;
    }
  }
  if (probe !== "warm" && probe !== "cold") return;
  if (typeof record.ttftMs === "number" && Number.isFinite(record.ttftMs)) (probe === "warm" ? totals.warmTtftMs : totals.coldTtftMs).push(record.ttftMs);
  const price = settings.prices.get(record.targetId);
  const cost = price === undefined ? null : requestCost(price, record);
  if (cost !== null && Number.isFinite(cost.usd)) (probe === "warm" ? totals.warmCostUsd : totals.coldCostUsd).push(cost.usd);
}

export interface CacheSummary {
  /** Successful requests whose usage reported a cached input count (0 included). */
  reportingRequests: number;
  /** Cached input tokens / input tokens, over those requests; null when none reported one. */
  cachedInputShare: number | null;
  /** The same over warm requests only (a run that probes the cache). */
  warmCachedInputShare: number | null;
  /** TTFT of warm requests (the shared prefix first) and of cold ones (a line of its own before it). */
  ttftWarmMs: Distribution;
  ttftColdMs: Distribution;
  /** p50 of cold TTFT − p50 of warm TTFT: what the cache saves at the median; null without 2 of each. */
  ttftSavingMs: number | null;
  /** Its seeded bootstrap 95% interval, and the bootstrap p-value of "it saves nothing". */
  ttftSavingMsCi95: [number, number] | null;
  ttftSavingP: number | null;
  /** Cost of a warm request and of a cold one, with the scenario's prices (cached input at its own price). */
  costWarmUsd: Distribution;
  costColdUsd: Distribution;
}

export function summarizeCache(totals: CacheTotals): CacheSummary | undefined {
  if (totals.reportingRequests === 0 && totals.warmTtftMs.length === 0 && totals.coldTtftMs.length === 0) return undefined;
  const saving = totals.warmTtftMs.length >= 2 && totals.coldTtftMs.length >= 2 ? bootstrapPercentileDifference(totals.coldTtftMs, totals.warmTtftMs, 50) : null;
  return {
    reportingRequests: totals.reportingRequests,
    cachedInputShare: totals.inputTokens > 0 ? totals.cachedTokens / totals.inputTokens : null,
    warmCachedInputShare: totals.warmInputTokens > 0 ? totals.warmCachedTokens / totals.warmInputTokens : null,
    ttftWarmMs: describeValues(totals.warmTtftMs),
    ttftColdMs: describeValues(totals.coldTtftMs),
    ttftSavingMs: saving?.estimate ?? null,
    ttftSavingMsCi95: saving === null ? null : [saving.ciLow, saving.ciHigh],
    ttftSavingP: saving?.pValue ?? null,
    costWarmUsd: describeValues(totals.warmCostUsd),
    costColdUsd: describeValues(totals.coldCostUsd),
  };
}

function describeValues(values: readonly number[]): Distribution {
  return values.length === 0 ? emptyDistribution() : describeSorted(sortFloat64(Float64Array.from(values)));
}
