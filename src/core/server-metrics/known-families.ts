// The servers' own names for what they measure, mapped by name to one quantity each (docs/server-metrics.md
// gives the sources: vLLM's v1 metrics, TGI's router, SGLang's collector, llama.cpp's server README).
// Candidates are tried in order: a newer name before the one it replaced (vLLM 0.11 renamed
// gpu_cache_usage_perc to kv_cache_usage_perc and time_per_output_token_seconds to
// inter_token_latency_seconds, and still writes both for a while).

export const SERVER_KINDS = ["vllm", "sglang", "tgi", "llamacpp"] as const;
export type ServerKind = (typeof SERVER_KINDS)[number];

export const SERVER_NAMES: Readonly<Record<ServerKind, string>> = { vllm: "vLLM", sglang: "SGLang", tgi: "TGI", llamacpp: "llama.cpp" };

/** Which server wrote a family, from its name's prefix (each server namespaces its own). */
export function serverOfFamily(name: string): ServerKind | null {
  if (name.startsWith("vllm:")) return "vllm";
  if (name.startsWith("sglang:")) return "sglang";
  if (name.startsWith("tgi_")) return "tgi";
  if (name.startsWith("llamacpp:")) return "llamacpp";
  return null;
}

export const SCALAR_QUANTITY_IDS = ["running", "waiting", "kvCacheUsage", "prefixCacheHitRate", "prefixCacheHits", "prefixCacheQueries", "generatedTokens"] as const;
export type ScalarQuantityId = (typeof SCALAR_QUANTITY_IDS)[number];
export const HISTOGRAM_QUANTITY_IDS = ["ttft", "itl", "e2e", "queueTime"] as const;
export type HistogramQuantityId = (typeof HISTOGRAM_QUANTITY_IDS)[number];

export interface ScalarQuantity {
  id: ScalarQuantityId;
  label: string;
  kind: "gauge" | "counter";
  /** How the samples of several label sets (engines, models) become one value. */
  combine: "sum" | "mean";
  names: readonly string[];
}

export interface HistogramQuantity {
  id: HistogramQuantityId;
  label: string;
  /** Every one of these is in seconds on the page; stored and shown in milliseconds. */
  names: readonly string[];
}

export const SCALAR_QUANTITIES: readonly ScalarQuantity[] = [
  {
    id: "running",
    label: "running requests (batch)",
    kind: "gauge",
    combine: "sum",
    names: ["vllm:num_requests_running", "sglang:num_running_reqs", "tgi_batch_current_size", "llamacpp:requests_processing"],
  },
  {
    id: "waiting",
    label: "waiting requests (queue)",
    kind: "gauge",
    combine: "sum",
    names: ["vllm:num_requests_waiting", "sglang:num_queue_reqs", "tgi_queue_size", "llamacpp:requests_deferred"],
  },
  {
    id: "kvCacheUsage",
    label: "KV-cache usage (0–1)",
    kind: "gauge",
    combine: "mean",
    names: ["vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc", "sglang:token_usage", "llamacpp:kv_cache_usage_ratio"],
  },
  { id: "prefixCacheHitRate", label: "prefix-cache hit rate (0–1)", kind: "gauge", combine: "mean", names: ["sglang:cache_hit_rate"] },
  { id: "prefixCacheHits", label: "prefix-cache hits (tokens)", kind: "counter", combine: "sum", names: ["vllm:prefix_cache_hits_total", "vllm:gpu_prefix_cache_hits_total"] },
  {
    id: "prefixCacheQueries",
    label: "prefix-cache queries (tokens)",
    kind: "counter",
    combine: "sum",
    names: ["vllm:prefix_cache_queries_total", "vllm:gpu_prefix_cache_queries_total"],
  },
  {
    id: "generatedTokens",
    label: "generated tokens",
    kind: "counter",
    combine: "sum",
    names: ["vllm:generation_tokens_total", "sglang:generation_tokens_total", "llamacpp:tokens_predicted_total"],
  },
];

export const HISTOGRAM_QUANTITIES: readonly HistogramQuantity[] = [
  { id: "ttft", label: "TTFT", names: ["vllm:time_to_first_token_seconds", "sglang:time_to_first_token_seconds"] },
  {
    id: "itl",
    label: "inter-token latency",
    names: [
      "vllm:inter_token_latency_seconds",
      "vllm:time_per_output_token_seconds",
      "sglang:inter_token_latency_seconds",
      "sglang:time_per_output_token_seconds",
      "tgi_request_mean_time_per_token_duration",
    ],
  },
  { id: "e2e", label: "end-to-end latency", names: ["vllm:e2e_request_latency_seconds", "sglang:e2e_request_latency_seconds", "tgi_request_duration"] },
  { id: "queueTime", label: "queue time", names: ["vllm:request_queue_time_seconds", "tgi_request_queue_duration"] },
];
