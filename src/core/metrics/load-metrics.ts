// Load models (src/core/load, docs/metrics.md "Load"): the client's own queue and refusals, beside latency.
import type { Metric } from "./metric";

export function loadMetrics(): Metric[] {
  return [
    {
      id: "droppedRequests",
      label: "Dropped arrivals",
      header: "Dropped",
      unit: "count",
      better: null,
      value: (row) => row.droppedRequests,
      definition: "Open-loop arrivals never sent, because the target's in-flight cap was reached and its queue full: the client's refusal, in neither rate.",
      views: ["table", "cli"],
      needs: "openLoop",
      group: "load",
      advanced: false,
    },
    {
      id: "retryAfterAttempts",
      label: "Answers with Retry-After",
      header: "Retry-After",
      unit: "count",
      better: null,
      value: (row) => row.retryAfterAttempts,
      definition: "Measured attempts whose answer carried a Retry-After header: the provider asking the client to slow down.",
      views: [],
      group: "load",
      advanced: false,
    },
  ];
}
