// Expected numbers come from numpy 2.4 (python3), not from the code under test; each constant shows
// the numpy expression that produced it. Float results are compared to 9 decimals because numpy sums
// and interpolates in a slightly different order (last-ulp differences).
import { describe, expect, it } from "vitest";
import type { RequestRecord } from "../../src/core/record";
import {
  SummaryAccumulator,
  comparePercentChange,
  downsample,
  ecdf,
  percentile,
  summarize,
  type Distribution,
} from "../../src/core/stats";
import { requestRecord as makeRecord } from "./request-record";

function okRecord(startedAt: number, latencyMs: number, ttftMs: number | null, outputTokens: number | null, extra: Partial<RequestRecord> = {}): RequestRecord {
  return makeRecord({ startedAt, latencyMs, ttftMs, outputTokens, ...extra });
}

function errorRecord(startedAt: number, latencyMs: number, errorKind: RequestRecord["errorKind"], extra: Partial<RequestRecord> = {}): RequestRecord {
  return makeRecord({ startedAt, latencyMs, status: "error", errorKind, httpStatus: null, output: null, outputBytes: 0, ...extra });
}

/** The statistics these tests pin; the spread statistics have tests of their own below. */
type PinnedStatistics = Pick<Distribution, "count" | "min" | "mean" | "p50" | "p90" | "p95" | "p99" | "max">;

function expectDistribution(actual: Distribution, expected: PinnedStatistics): void {
  expect(actual.count).toBe(expected.count);
  for (const key of ["min", "mean", "p50", "p90", "p95", "p99", "max"] as const) {
    const expectedValue = expected[key];
    if (expectedValue === null) expect(actual[key], key).toBeNull();
    else expect(actual[key], key).toBeCloseTo(expectedValue, 9);
  }
}

const EMPTY_DISTRIBUTION: PinnedStatistics = { count: 0, min: null, mean: null, p50: null, p90: null, p95: null, p99: null, max: null };

describe("percentile", () => {
  const PERCENTS = [0, 10, 25, 50, 90, 95, 99, 100];

  it("percentiles match numpy's linear interpolation on an odd-sized sample", () => {
    const sorted = [3, 7, 12, 18, 41];
    // np.percentile([12, 3, 7, 41, 18], [0, 10, 25, 50, 90, 95, 99, 100])
    const expected = [3.0, 4.6, 7.0, 12.0, 31.800000000000004, 36.4, 40.08, 41.0];
    PERCENTS.forEach((p, i) => expect(percentile(sorted, p)).toBeCloseTo(expected[i] as number, 12));
  });

  it("percentiles match numpy's linear interpolation on an even-sized sample", () => {
    const sorted = Float64Array.from([120.5, 80, 95.25, 300, 101, 99]).sort();
    // np.percentile([120.5, 80, 95.25, 300, 101, 99], [0, 10, 25, 50, 90, 95, 99, 100])
    const expected = [80.0, 87.625, 96.1875, 100.0, 210.25, 255.125, 291.02500000000003, 300.0];
    PERCENTS.forEach((p, i) => expect(percentile(sorted, p)).toBeCloseTo(expected[i] as number, 12));
  });

  it("every percentile of a single value is that value", () => {
    for (const p of PERCENTS) expect(percentile([42], p)).toBe(42);
  });

  it("refuses an empty sample and a p outside [0, 100]", () => {
    expect(() => percentile([], 50)).toThrow(RangeError);
    expect(() => percentile([1, 2], -1)).toThrow(RangeError);
    expect(() => percentile([1, 2], 101)).toThrow(RangeError);
    expect(() => percentile([1, 2], Number.NaN)).toThrow(RangeError);
  });

  it("reports empty distributions as nulls with count 0", () => {
    const [row] = summarize([errorRecord(1000, 50, "http_5xx")]);
    expectDistribution(row!.latencyMs, EMPTY_DISTRIBUTION);
    expect(row!.latencyMs.ci95.p50).toEqual({ low: null, high: null, reason: "no values" });
    expect(row!.outputTokens.mean).toBeNull();
  });
});

describe("summarize", () => {
  // Target "a" streams: six successful measured requests (one of them a retry), three measured errors,
  // two warm-ups that would distort everything if they were counted.
  const streamingRecords: RequestRecord[] = [
    okRecord(0, 5000, 4000, 100, { warmup: true }),
    errorRecord(10, 20, "network", { warmup: true }),
    okRecord(1000, 800, 200, 31),
    okRecord(1100, 1000, 250, 51),
    okRecord(1300, 650, 150, 26, { tokensEstimated: true }),
    errorRecord(1500, 30000, "timeout"),
    okRecord(2000, 1200, 300, 1),
    okRecord(2100, 900, null, 40),
    errorRecord(2500, 50, "rate_limited", { httpStatus: 429 }),
    okRecord(3000, 700, 100, 15, { attempt: 2 }),
    errorRecord(3500, 40, "http_5xx", { httpStatus: 503 }),
  ];
  const row = summarize(streamingRecords)[0]!;

  it("counts a request once, by its last attempt: a retried failure is a failed attempt, not a failed request", () => {
    expect(row.okRequests).toBe(6);
    expect(row.failedAttempts).toBe(3);
    expect(row.retries).toBe(1);
    expect(row.recoveredRequests).toBe(1);
    expect(row.failedRequests).toBe(2);
    expect(row.requests).toBe(8);
    expect(row.failureRate).toBeCloseTo(2 / 8, 12);
    // Attempts: 6 successful, 3 failed (one of them retried).
    expect(row.errorRate).toBeCloseTo(3 / 9, 12);
  });

  it("breaks failed attempts down by kind", () => {
    expect(row.failedAttemptsByKind).toEqual({ timeout: 1, rate_limited: 1, http_5xx: 1 });
  });

  it("drops errors from latency percentiles", () => {
    // lat = np.array([800, 1000, 650, 1200, 900, 700.]); lat.min(), lat.mean(), np.percentile(lat, [50, 90, 95, 99]), lat.max()
    expectDistribution(row.latencyMs, { count: 6, min: 650, mean: 875, p50: 850, p90: 1100, p95: 1150, p99: 1190, max: 1200 });
  });

  it("drops warm-up requests from percentiles and counts", () => {
    expect(row.warmupAttempts).toBe(2);
    expect(row.latencyMs.max).toBe(1200);
    expect(row.ttftMs.max).toBe(300);
    expect(row.failedAttemptsByKind.network).toBeUndefined();
  });

  it("leaves attempts cut short by the user's abort out of counts and error rate", () => {
    const aborted = summarize([...streamingRecords, errorRecord(9_000, 50, "aborted"), errorRecord(9_001, 60, "aborted")])[0]!;
    expect(aborted.abortedRequests).toBe(2);
    expect(aborted.requests).toBe(row.requests);
    expect(aborted.failedRequests).toBe(row.failedRequests);
    expect(aborted.failureRate).toBe(row.failureRate);
    expect(aborted.errorRate).toBe(row.errorRate);
    expect(aborted.failedAttemptsByKind.aborted).toBeUndefined();
  });

  it("gives each request the outcome of its last measured attempt: recovered, failed after retries, failed with its retry cut short", () => {
    const request = (inputIndex: number) => ({ inputIndex });
    const rows = summarize([
      errorRecord(0, 10, "http_5xx", { ...request(0), httpStatus: 503 }),
      okRecord(20, 100, null, null, { ...request(0), attempt: 2 }),
      errorRecord(0, 10, "http_5xx", request(1)),
      errorRecord(20, 10, "http_5xx", { ...request(1), attempt: 2 }),
      errorRecord(40, 10, "timeout", { ...request(1), attempt: 3 }),
      errorRecord(0, 10, "rate_limited", request(2)),
      errorRecord(30, 5, "aborted", { ...request(2), attempt: 2 }),
      errorRecord(0, 5, "aborted", request(3)),
      okRecord(0, 120, null, null, request(4)),
    ]);
    // Request 2 answered 429 and its retry was stopped in flight: it failed, it was not aborted. Only
    // request 3, stopped before any attempt was measured, is aborted.
    expect(rows[0]).toMatchObject({
      okRequests: 2,
      recoveredRequests: 1,
      failedRequests: 2,
      failedAttempts: 5,
      retries: 4,
      abortedRequests: 1,
      requests: 4,
      failedAttemptsByKind: { http_5xx: 3, timeout: 1, rate_limited: 1 },
    });
    expect(rows[0]!.failureRate).toBeCloseTo(2 / 4, 12);
    expect(rows[0]!.errorRate).toBeCloseTo(5 / 7, 12);
  });

  it("has no failure or error rate for a target without measured requests", () => {
    expect(summarize([errorRecord(0, 5, "aborted")])[0]!.failureRate).toBeNull();
    expect(summarize([errorRecord(0, 5, "aborted")])[0]!.errorRate).toBeNull();
  });

  it("takes TTFT only from records that have it", () => {
    // ttft = np.array([200, 250, 150, 300, 100.]); ttft.mean(), np.percentile(ttft, [50, 90, 95, 99])
    expectDistribution(row.ttftMs, { count: 5, min: 100, mean: 200, p50: 200, p90: 280, p95: 290, p99: 298, max: 300 });
  });

  it("computes inter-token latency as (latency − TTFT) / (outputTokens − 1) for outputTokens > 1", () => {
    // itl = np.array([(800-200)/30, (1000-250)/50, (650-150)/25, (700-100)/14])
    // itl.min(), itl.mean(), np.percentile(itl, [50, 90, 95, 99]), itl.max()
    expectDistribution(row.itlMs, {
      count: 4,
      min: 15.0,
      mean: 24.464285714285715,
      p50: 20.0,
      p90: 36.0,
      p95: 39.428571428571416,
      p99: 42.171428571428564,
      max: 42.857142857142854,
    });
  });

  it("computes decode tokens/s as (outputTokens − 1) / (latency − TTFT)", () => {
    // dec = np.array([30/0.6, 50/0.75, 25/0.5, 14/0.6]); same statistics as above
    expectDistribution(row.decodeTokensPerSecond, {
      count: 4,
      min: 23.333333333333336,
      mean: 47.50000000000001,
      p50: 50.0,
      p90: 61.66666666666667,
      p95: 64.16666666666667,
      p99: 66.16666666666667,
      max: 66.66666666666667,
    });
  });

  it("computes output tokens/s per request as outputTokens / latency", () => {
    // out = np.array([31, 51, 26, 1, 40, 15.]); otps = out / (lat / 1000); same statistics as above
    expectDistribution(row.outputTokensPerSecond, {
      count: 6,
      min: 0.8333333333333334,
      mean: 32.74272486772487,
      p50: 39.375,
      p90: 47.72222222222222,
      p95: 49.361111111111114,
      p99: 50.672222222222224,
      max: 51.0,
    });
    // out.mean()
    expect(row.outputTokens.mean).toBeCloseTo(27.333333333333332, 9);
    expect(row.tokensEstimated).toBe(true);
  });

  it("divides throughput by the wall span of measured requests, errors included", () => {
    // The span runs from the first measured start (1000) to the timeout's end (1500 + 30000).
    expect(row.wallSpanMs).toBe(30500);
    // 6 / 30.5; out.sum() / 30.5
    expect(row.requestsPerSecond).toBeCloseTo(0.19672131147540983, 12);
    expect(row.outputTokenThroughput).toBeCloseTo(5.377049180327869, 12);
  });

  it("leaves token metrics null for a target whose requests report no tokens", () => {
    const embeddings = [okRecord(1000, 100, null, null), okRecord(1200, 120, null, null), okRecord(1400, 110, null, null)];
    const [embeddingRow] = summarize(embeddings);
    expect(embeddingRow!.outputTokens.mean).toBeNull();
    expect(embeddingRow!.outputTokenThroughput).toBeNull();
    expectDistribution(embeddingRow!.ttftMs, EMPTY_DISTRIBUTION);
    expect(embeddingRow!.tokensEstimated).toBe(false);
    // 3 / 0.51
    expect(embeddingRow!.requestsPerSecond).toBeCloseTo(5.88235294117647, 12);
  });

  it("orders rows by targetOrder and gives a listed target without records an empty row", () => {
    const records = [okRecord(0, 10, null, null, { targetId: "a" }), okRecord(0, 20, null, null, { targetId: "b" })];
    const rows = summarize(records, ["b", "c", "a"]);
    expect(rows.map((r) => r.targetId)).toEqual(["b", "c", "a"]);
    const empty = rows[1]!;
    expect(empty).toMatchObject({ requests: 0, okRequests: 0, failedRequests: 0, failureRate: null, errorRate: null, warmupAttempts: 0, wallSpanMs: null, requestsPerSecond: null });
    expectDistribution(empty.latencyMs, EMPTY_DISTRIBUTION);
  });

  it("orders rows by first appearance without targetOrder, and appends unlisted targets after it", () => {
    const records = ["z", "a", "z", "m"].map((targetId) => okRecord(0, 10, null, null, { targetId }));
    expect(summarize(records).map((r) => r.targetId)).toEqual(["z", "a", "m"]);
    expect(summarize(records, ["m"]).map((r) => r.targetId)).toEqual(["m", "z", "a"]);
  });

  it("summarizes the same way record by record as all at once", () => {
    const accumulator = new SummaryAccumulator();
    for (const record of streamingRecords) accumulator.add(record);
    expect(accumulator.summarize()).toEqual(summarize(streamingRecords));
    expect(accumulator.summarize()).toEqual(accumulator.summarize());
  });

  it("accumulates 200,000 records correctly", () => {
    // Two targets alternate; latencies are a permutation of 1..200000; every 50th record fails and the
    // first 100 are warm-ups.
    const accumulator = new SummaryAccumulator();
    for (let i = 0; i < 200_000; i++) {
      const targetId = `t${i % 2}`;
      const latencyMs = ((i * 7919) % 200_000) + 1;
      const warmup = i < 100;
      accumulator.add(i % 50 === 0 ? errorRecord(i, latencyMs, "http_5xx", { targetId, warmup }) : okRecord(i, latencyMs, null, null, { targetId, warmup }));
    }
    const [t0, t1] = accumulator.summarize();
    // i = np.arange(200000); lat = ((i*7919) % 200000 + 1).astype(float); m = (i%2==t) & (i>=100); ok = m & (i%50 != 0)
    // m.sum(), ok.sum(), lat[ok].min(), lat[ok].mean(), np.percentile(lat[ok], [50, 90, 95, 99]), lat[ok].max()
    expect([t0!.requests, t0!.okRequests, t0!.failedRequests, t0!.warmupAttempts]).toEqual([99950, 95952, 3998, 50]);
    expectDistribution(t0!.latencyMs, {
      count: 95952,
      min: 3,
      mean: 100003.0260130065,
      p50: 100004.0,
      p90: 180004.80000000002,
      p95: 190003.9,
      p99: 198000.96000000002,
      max: 199999,
    });
    expect([t1!.requests, t1!.okRequests, t1!.failedRequests, t1!.warmupAttempts]).toEqual([99950, 99950, 0, 50]);
    expectDistribution(t1!.latencyMs, {
      count: 99950,
      min: 2,
      mean: 100001.02501250626,
      p50: 100001.0,
      p90: 180000.2,
      p95: 190001.09999999998,
      p99: 198001.02,
      max: 200000,
    });
  });
});

describe("spread and intervals of a distribution", () => {
  it("gives the standard deviation and every percentile numpy gives", () => {
    const latencies = [120.5, 80, 95.25, 300, 101, 99, 64.5, 410, 88, 133.25, 97, 101];
    const distribution = summarize(latencies.map((latencyMs) => okRecord(0, latencyMs, null, null)))[0]!.latencyMs;
    // x = np.array(latencies); x.mean(), x.std(), np.percentile(x, [1, 5, 10, 25, 50, 75, 90, 95, 99, 99.9])
    expect(distribution.mean).toBeCloseTo(140.79166666666666, 9);
    expect(distribution.stdDev).toBeCloseTo(99.79024007331023, 9);
    const expected = [66.205, 73.025, 80.8, 93.4375, 100.0, 123.6875, 283.32500000000005, 349.49999999999994, 397.9000000000001, 408.7900000000001];
    (["p1", "p5", "p10", "p25", "p50", "p75", "p90", "p95", "p99", "p999"] as const).forEach((key, i) => expect(distribution[key], key).toBeCloseTo(expected[i]!, 9));
  });

  it("gives the median an interval from order statistics, and p99 of 12 values none, with the reason", () => {
    const latencies = [120.5, 80, 95.25, 300, 101, 99, 64.5, 410, 88, 133.25, 97, 101];
    const distribution = summarize(latencies.map((latencyMs) => okRecord(0, latencyMs, null, null)))[0]!.latencyMs;
    // binom(12, 0.5): the cdf is 0.0193 below rank 3 and 0.9807 below rank 10, so ranks 3 and 10
    expect(distribution.ci95.p50).toEqual({ low: 88, high: 133.25, reason: null });
    expect(distribution.ci95.p99.low).toBeNull();
    expect(distribution.ci95.p99.reason).toMatch(/too few values .* p99: it needs at least 368, there are 12/);
  });
});

describe("comparePercentChange", () => {
  it("gives (new − old) / old × 100", () => {
    expect(comparePercentChange(200, 250)).toBeCloseTo(25, 12);
    expect(comparePercentChange(200, 150)).toBeCloseTo(-25, 12);
  });

  it("is null when either side is missing or old is 0", () => {
    expect(comparePercentChange(null, 1)).toBeNull();
    expect(comparePercentChange(1, null)).toBeNull();
    expect(comparePercentChange(0, 5)).toBeNull();
  });
});

describe("chart helpers", () => {
  const values = Float64Array.from({ length: 10_001 }, (_, i) => ((i * 37) % 10_001) / 7);

  it("ecdf never exceeds maxPoints and keeps min and max", () => {
    const points = ecdf(values, 500);
    expect(points.length).toBeLessThanOrEqual(500);
    expect(points[0]).toEqual({ x: 0, p: 1 / values.length });
    expect(points.at(-1)).toEqual({ x: 10_000 / 7, p: 1 });
    expect(ecdf(values).length).toBeLessThanOrEqual(2000);
  });

  it("ecdf gives the fraction of values at or below each distinct value", () => {
    expect(ecdf([3, 1, 3, 2])).toEqual([
      { x: 1, p: 0.25 },
      { x: 2, p: 0.5 },
      { x: 3, p: 1 },
    ]);
  });

  it("downsample never exceeds maxPoints and keeps the first and last points", () => {
    const points = Array.from({ length: 12_345 }, (_, i) => i);
    for (const maxPoints of [2, 3, 1000, 2000]) {
      const kept = downsample(points, maxPoints);
      expect(kept).toHaveLength(maxPoints);
      expect(kept[0]).toBe(0);
      expect(kept.at(-1)).toBe(12_344);
      expect(new Set(kept).size).toBe(maxPoints);
    }
    expect(downsample([1, 2, 3], 2000)).toEqual([1, 2, 3]);
  });
});
