// Per-request rates, defined once: the summary's distributions and the paired comparisons read the same numbers.
import type { RequestRecord } from "../record";

/** outputTokens / latency in seconds; null without a token count or a positive latency. */
export function outputTokensPerSecondOf(record: Pick<RequestRecord, "outputTokens" | "latencyMs">): number | null {
  if (record.outputTokens === null || !(record.latencyMs > 0)) return null;
  return record.outputTokens / (record.latencyMs / 1000);
}
