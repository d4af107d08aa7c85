// Prefix caching (cache-summary.ts, docs/metrics.md "Prefix caching"): its entries of the catalogue
// (catalogue.ts). Shown by default only in runs whose synthetic prompts probe the cache
// (inputs.synthetic.prefixCache, measured-figures.ts); in every run's CSV and --summary JSON.
import { intervalOrNone, noInterval, type Ci95, type Distribution, type SummaryRow } from "../stats";
import type { Metric } from "./metric";

const NOT_PROBED = "no interval: no request of this kind";

/** A statistic of one of the row's cache distributions, with its interval; none for a row without them. */
function fromDistribution(pick: (cache: NonNullable<SummaryRow["cache"]>) => Distribution, statistic: "p50" | "mean"): Pick<Metric, "value" | "ci95" | "intervalMethod"> {
  return {
    value: (row) => (row.cache === undefined ? null : pick(row.cache)[statistic]),
    ci95: (row): Ci95 => (row.cache === undefined ? noInterval(NOT_PROBED) : pick(row.cache).ci95[statistic]),
    intervalMethod: statistic === "mean" ? "Student's t" : "order statistics",
  };
}

const WARM = "warm requests (the prompt opens with the shared prefix, which a cache may serve)";
const COLD = "cold requests (a line of the request's own before the prefix, so no cache can serve it)";

// eslint-disable-next-line max-lines-per-function -- a declarative table: one entry per metric of the family
export function cacheMetrics(): Metric[] {
  return [
    {
      id: "ttftWarmP50Ms",
      label: "p50 TTFT, warm",
      header: "TTFT warm",
      unit: "ms",
      better: "lower",
      ...fromDistribution((cache) => cache.ttftWarmMs, "p50"),
      definition: `Median time to first token of the ${WARM}. Its 95% interval is from order statistics.`,
      views: ["table", "cli"],
      needs: "cacheProbe",
      group: "cache",
      advanced: false,
    },
    {
      id: "ttftColdP50Ms",
      label: "p50 TTFT, cold",
      header: "TTFT cold",
      unit: "ms",
      better: "lower",
      ...fromDistribution((cache) => cache.ttftColdMs, "p50"),
      definition: `Median time to first token of the ${COLD}. Its 95% interval is from order statistics.`,
      views: ["table", "cli"],
      needs: "cacheProbe",
      group: "cache",
      advanced: false,
    },
    {
      id: "ttftCacheSavingMs",
      label: "TTFT the cache saves",
      header: "Cache saves",
      unit: "ms",
      better: "higher",
      value: (row) => row.cache?.ttftSavingMs ?? null,
      ci95: (row) => intervalOrNone(row.cache?.ttftSavingMsCi95 ?? null, "no interval: fewer than 2 warm and 2 cold requests"),
      intervalMethod: "bootstrap",
      definition: "p50 TTFT of cold requests − p50 TTFT of warm ones: the time to first token the prefix cache saves at the median. Its 95% interval is the seeded bootstrap of that difference (each side resampled on its own).",
      views: ["table", "diff", "cli"],
      needs: "cacheProbe",
      group: "cache",
      advanced: false,
    },
    {
      id: "warmCachedInputShare",
      label: "Input served from cache, warm",
      header: "Cached in",
      unit: "fraction",
      better: "higher",
      value: (row) => row.cache?.warmCachedInputShare ?? null,
      definition: `Cached input tokens / input tokens over the ${WARM} whose usage reported a cached count (usage.prompt_tokens_details.cached_tokens and the other families' names); empty when the provider reports none.`,
      views: ["table", "cli"],
      needs: "cacheProbe",
      group: "cache",
      advanced: false,
    },
    {
      id: "cachedInputShare",
      label: "Input served from cache",
      header: "Cached in (all)",
      unit: "fraction",
      better: null,
      value: (row) => row.cache?.cachedInputShare ?? null,
      definition: "Cached input tokens / input tokens over every successful request whose usage reported a cached count, warm, cold or neither; empty when the provider reports none.",
      views: [],
      group: "cache",
      advanced: false,
    },
    {
      id: "costPerRequestWarmUsd",
      label: "Cost per warm request",
      header: "Cost warm",
      unit: "usd",
      better: "lower",
      ...fromDistribution((cache) => cache.costWarmUsd, "mean"),
      definition: `Mean cost of one of the ${WARM}, with the target's price (its cached input at cachedInputPerMillionTokens). Its 95% interval is Student's t.`,
      views: ["table", "cli"],
      needs: "cacheProbe",
      group: "cache",
      advanced: false,
    },
    {
      id: "costPerRequestColdUsd",
      label: "Cost per cold request",
      header: "Cost cold",
      unit: "usd",
      better: "lower",
      ...fromDistribution((cache) => cache.costColdUsd, "mean"),
      definition: `Mean cost of one of the ${COLD}, with the target's price. Its 95% interval is Student's t.`,
      views: ["table"],
      needs: "cacheProbe",
      group: "cache",
      advanced: false,
    },
    {
      id: "cacheReportingRequests",
      label: "Requests reporting cached input",
      header: "Cache reports",
      unit: "count",
      better: null,
      value: (row) => row.cache?.reportingRequests ?? 0,
      definition: "Successful requests whose usage reported a cached input count (0 included): the cached shares' requests.",
      views: [],
      group: "cache",
      advanced: true,
    },
  ];
}
