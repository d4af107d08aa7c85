// The server's percentiles beside the client's, said alike by the command line's table and the Compare
// page's: which of the client's figures sits beside each server histogram, and a server percentile in words
// with the bucket it lies in (its resolution: a histogram places a value only between two bounds).
import { formatMs } from "../text";
import type { BucketQuantile } from "./bucket-quantile";
import type { HistogramQuantityId } from "./known-families";

/** The client's figure beside each server histogram; null where the client measures no like figure. */
export const CLIENT_FIGURE_BESIDE: Readonly<Record<HistogramQuantityId, { metric: "ttftMs" | "latencyMs" | "itlMs"; label: string } | null>> = {
  ttft: { metric: "ttftMs", label: "TTFT" },
  e2e: { metric: "latencyMs", label: "latency" },
  // The server's histogram holds every token gap; the client's itlMs is each request's mean gap.
  itl: { metric: "itlMs", label: "ITL (per-request mean)" },
  queueTime: null,
};

/** `162 ms (100 ms–250 ms)`; `≥ 10 s (past the last bucket)` in the unbounded one; `–` when nothing was counted. */
export function formatBucketQuantile(quantile: BucketQuantile | null): string {
  if (quantile === null) return "–";
  if (quantile.upper === null) return `≥ ${formatMs(quantile.lower)} (past the last bucket)`;
  return `${formatMs(quantile.value)} (${formatMs(quantile.lower)}–${formatMs(quantile.upper)})`;
}
