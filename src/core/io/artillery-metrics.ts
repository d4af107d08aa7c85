// The names under which an exported Artillery test (src/cli/artillery) reports ProviderBench's figures as
// Artillery metrics, and what the report import (core/io/imports/artillery.ts) reads back: one list, so the
// processor that emits and the import that reads can never disagree on a name.

/** Every metric of an exported test starts with this; `providerbench.<targetId>.<figure>`. */
export const ARTILLERY_METRIC_PREFIX = "providerbench.";

/** Counters, one increment per request (its final attempt) or per attempt. */
export const ARTILLERY_COUNTERS = {
  /** Measured requests with an outcome (the summary's `requests`). */
  requests: "requests",
  /** Requests whose final attempt succeeded. */
  ok: "ok",
  /** Requests whose final attempt failed; `errors.<kind>` splits them by error kind. */
  errors: "errors",
  /** Attempts sent, retries included. */
  attempts: "attempts",
} as const;

/** Histograms, one value per successful request, in the units of docs/metrics.md. */
export const ARTILLERY_HISTOGRAMS = {
  latencyMs: "latency_ms",
  ttftMs: "ttft_ms",
  outputTokens: "output_tokens",
  inputTokens: "input_tokens",
} as const;

export type ArtilleryCounter = keyof typeof ARTILLERY_COUNTERS;
export type ArtilleryHistogram = keyof typeof ARTILLERY_HISTOGRAMS;

export function artilleryCounterName(targetId: string, counter: ArtilleryCounter): string {
  return `${ARTILLERY_METRIC_PREFIX}${targetId}.${ARTILLERY_COUNTERS[counter]}`;
}

export function artilleryErrorKindName(targetId: string, errorKind: string): string {
  return `${artilleryCounterName(targetId, "errors")}.${errorKind}`;
}

export function artilleryHistogramName(targetId: string, histogram: ArtilleryHistogram): string {
  return `${ARTILLERY_METRIC_PREFIX}${targetId}.${ARTILLERY_HISTOGRAMS[histogram]}`;
}

/** `providerbench.<target>.<figure>` read back: target ids hold no dots' meaning, so the figure is matched at the end. */
export function parseArtilleryMetricName(name: string): { targetId: string; figure: string } | null {
  if (!name.startsWith(ARTILLERY_METRIC_PREFIX)) return null;
  const rest = name.slice(ARTILLERY_METRIC_PREFIX.length);
  const figures = [...Object.values(ARTILLERY_COUNTERS), ...Object.values(ARTILLERY_HISTOGRAMS)];
  const errorKind = /^(.+)\.errors\.([a-z0-9_]+)$/.exec(rest);
  if (errorKind) return { targetId: errorKind[1]!, figure: `errors.${errorKind[2]!}` };
  for (const figure of figures) {
    if (rest.endsWith(`.${figure}`) && rest.length > figure.length + 1) return { targetId: rest.slice(0, -figure.length - 1), figure };
  }
  return null;
}

/**
 * Where the test ran, counted once per Artillery worker thread (its first virtual user): the threads, and
 * the AWS region the thread ran in (AWS_REGION, set on Lambda and Fargate). Outside `providerbench.` so no
 * target's name can meet them.
 */
export const ARTILLERY_WORKER_THREADS = "providerbench-worker-threads";
export const ARTILLERY_REGION_PREFIX = "providerbench-region.";
