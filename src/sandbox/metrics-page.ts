// The sandbox's `/metrics` (every profile, one `model_name` each) and `/<profile>/metrics`, in vLLM's names
// and units (its v1 engine's families and bucket bounds), so a run scraping them sees the server's side of
// what it was served: requests running and waiting at the profile's capacity, a simulated KV-cache usage,
// and histograms of TTFT, inter-token latency, end-to-end latency and queue time; for a profile that caches
// prompt prefixes (prefix-cache.ts), the prompt tokens it looked up and those its cache served.
//
// What the histograms observe is the sandbox's own timeline, as an engine counts it: from the request's
// arrival (queue time included, as vLLM's TTFT is), the first token at its planned time, each token gap as
// planned, the end when the response finished. A request that failed or was cut short is not counted.
import type { ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import type { ResponsePlan } from "./plan";
import { PROFILES, type ProfileName } from "./profiles";

/** vLLM v1's bounds (vllm/v1/metrics/loggers.py), seconds. */
const TTFT_BOUNDS = [0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0, 20.0, 40.0, 80.0, 160.0, 640.0, 2560.0];
const ITL_BOUNDS = [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0, 20.0, 40.0, 80.0];
const REQUEST_BOUNDS = [0.3, 0.5, 0.8, 1.0, 1.5, 2.0, 2.5, 5.0, 10.0, 15.0, 20.0, 30.0, 40.0, 50.0, 60.0, 120.0, 240.0, 480.0, 960.0, 1920.0, 7680.0];

/** A profile without a capacity is given this many slots for its simulated KV cache. */
const NOMINAL_SLOTS = 64;

class Histogram {
  readonly counts: number[];
  sum = 0;
  constructor(readonly bounds: readonly number[]) {
    this.counts = new Array<number>(bounds.length + 1).fill(0);
  }
  observe(seconds: number): void {
    let index = this.bounds.findIndex((bound) => seconds <= bound);
    if (index < 0) index = this.bounds.length;
    this.counts[index]!++;
    this.sum += seconds;
  }
}

export interface ProfileMetrics {
  ttft: Histogram;
  itl: Histogram;
  e2e: Histogram;
  queue: Histogram;
  success: number;
  generationTokens: number;
  /** Prompt tokens looked up in the profile's prefix cache, and those it served (vLLM's prefix_cache_queries and _hits). */
  prefixCacheQueries: number;
  prefixCacheHits: number;
}

export function createProfileMetrics(): ProfileMetrics {
  return { ttft: new Histogram(TTFT_BOUNDS), itl: new Histogram(ITL_BOUNDS), e2e: new Histogram(REQUEST_BOUNDS), queue: new Histogram(REQUEST_BOUNDS), success: 0, generationTokens: 0, prefixCacheQueries: 0, prefixCacheHits: 0 };
}

/**
 * Counts a served answer once its response has finished (the last byte handed to the socket): the engine's
 * timeline of it, `plan` times being ms after `startedAtMs`, the moment it left the queue.
 */
export function observeWhenFinished(metrics: ProfileMetrics, response: ServerResponse, plan: ResponsePlan, arrivedAtMs: number, startedAtMs: number): void {
  response.once("finish", () => {
    const queuedMs = startedAtMs - arrivedAtMs;
    metrics.queue.observe(queuedMs / 1000);
    metrics.ttft.observe((queuedMs + plan.ttftMs) / 1000);
    for (let index = 1; index < plan.tokenOffsetsMs.length; index++) metrics.itl.observe((plan.tokenOffsetsMs[index]! - plan.tokenOffsetsMs[index - 1]!) / 1000);
    metrics.e2e.observe((performance.now() - arrivedAtMs) / 1000);
    metrics.success++;
    metrics.generationTokens += plan.choiceTokens.reduce((sum, tokens) => sum + tokens.length, 0);
  });
}

/** What the page reads of a profile's state (sandbox-state.ts's ProfileRuntime, which holds these metrics). */
export interface MeasuredProfile {
  serving: number;
  waiting: readonly unknown[];
  metrics: ProfileMetrics;
}

/** The page, in Prometheus' text format 0.0.4, for these profiles. */
export function metricsPage(state: { readonly runtimes: ReadonlyMap<ProfileName, MeasuredProfile> }, profiles: readonly ProfileName[]): string {
  const each = profiles.map((name) => ({ name, labels: `model_name="sandbox-${name}"`, runtime: state.runtimes.get(name)!, capacity: PROFILES[name].capacity ?? NOMINAL_SLOTS }));
  const lines: string[] = [];
  const family = (name: string, type: string, help: string, samples: (entry: (typeof each)[number]) => string[]): void => {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    for (const entry of each) lines.push(...samples(entry));
  };
  family("vllm:num_requests_running", "gauge", "Number of requests in model execution batches.", ({ labels, runtime }) => [`vllm:num_requests_running{${labels}} ${runtime.serving}`]);
  family("vllm:num_requests_waiting", "gauge", "Number of requests waiting to be processed.", ({ labels, runtime }) => [`vllm:num_requests_waiting{${labels}} ${runtime.waiting.length}`]);
  family("vllm:kv_cache_usage_perc", "gauge", "KV-cache usage. 1 means 100 percent usage.", ({ labels, runtime, capacity }) => [`vllm:kv_cache_usage_perc{${labels}} ${Math.min(1, runtime.serving / capacity)}`]);
  family("vllm:request_success_total", "counter", "Count of successfully processed requests.", ({ labels, runtime }) => [`vllm:request_success_total{${labels}} ${runtime.metrics.success}`]);
  family("vllm:generation_tokens_total", "counter", "Number of generation tokens processed.", ({ labels, runtime }) => [`vllm:generation_tokens_total{${labels}} ${runtime.metrics.generationTokens}`]);
  // Only the profiles that cache prompt prefixes have a prefix cache to count.
  const caching = (entry: (typeof each)[number], name: string, value: number): string[] => (PROFILES[entry.name].prefixCache === undefined ? [] : [`${name}{${entry.labels}} ${value}`]);
  family("vllm:prefix_cache_queries_total", "counter", "Prefix cache queries, in terms of number of queried tokens.", (entry) => caching(entry, "vllm:prefix_cache_queries_total", entry.runtime.metrics.prefixCacheQueries));
  family("vllm:prefix_cache_hits_total", "counter", "Prefix cache hits, in terms of number of cached tokens.", (entry) => caching(entry, "vllm:prefix_cache_hits_total", entry.runtime.metrics.prefixCacheHits));
  const histograms: [string, string, (runtime: MeasuredProfile) => Histogram][] = [
    ["vllm:time_to_first_token_seconds", "Histogram of time to first token in seconds.", (runtime) => runtime.metrics.ttft],
    ["vllm:inter_token_latency_seconds", "Histogram of inter-token latency in seconds.", (runtime) => runtime.metrics.itl],
    ["vllm:e2e_request_latency_seconds", "Histogram of e2e request latency in seconds.", (runtime) => runtime.metrics.e2e],
    ["vllm:request_queue_time_seconds", "Histogram of time spent in WAITING phase for request.", (runtime) => runtime.metrics.queue],
  ];
  for (const [name, help, of] of histograms) family(name, "histogram", help, ({ labels, runtime }) => histogramLines(name, labels, of(runtime)));
  return `${lines.join("\n")}\n`;
}

function histogramLines(name: string, labels: string, histogram: Histogram): string[] {
  const lines: string[] = [];
  let cumulative = 0;
  histogram.bounds.forEach((bound, index) => {
    cumulative += histogram.counts[index]!;
    lines.push(`${name}_bucket{le="${bound}",${labels}} ${cumulative}`);
  });
  cumulative += histogram.counts[histogram.bounds.length]!;
  lines.push(`${name}_bucket{le="+Inf",${labels}} ${cumulative}`, `${name}_count{${labels}} ${cumulative}`, `${name}_sum{${labels}} ${histogram.sum}`);
  return lines;
}
