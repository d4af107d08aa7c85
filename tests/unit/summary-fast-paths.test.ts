// The summary's fast paths must give exactly what the plain paths give: a counting sort of whole numbers
// the same array as Float64Array's sort, a distribution shared between two metrics the same figures as
// its own sort, and a histogram parsed into reused scratch the same counts.
import { describe, expect, it } from "vitest";
import { addGapHistogram, LAST_GAP_BUCKET, describeSorted, countingSortIntegers, radixSortFloat64, sortFloat64, SummaryAccumulator } from "../../src/core/stats";
import { mulberry32 } from "../../src/core/random";
import type { RequestRecord } from "../../src/core/record";

function sortedBoth(values: number[]): { counted: Float64Array; sorted: Float64Array; fastPath: boolean } {
  const counted = Float64Array.from(values);
  const fastPath = countingSortIntegers(counted);
  if (!fastPath) counted.sort();
  return { counted, sorted: Float64Array.from(values).sort(), fastPath };
}

function sameBits(first: Float64Array, second: Float64Array): boolean {
  return first.length === second.length && first.every((value, i) => Object.is(value, second[i]));
}

describe("countingSortIntegers", () => {
  const random = mulberry32(20261123);
  const cases: [string, number[]][] = [
    ["random token counts with ties", Array.from({ length: 5000 }, () => 40 + Math.floor(random() * 81))],
    ["one value only", Array.from({ length: 300 }, () => 7)],
    ["two values", Array.from({ length: 301 }, () => (random() < 0.3 ? 0 : 1))],
    ["zeros and a large offset", Array.from({ length: 1000 }, () => 1_000_000 + Math.floor(random() * 900))],
    ["range exactly the count", [...Array.from({ length: 99 }, () => 3 + Math.floor(random() * 100)), 3, 103]],
  ];
  it.each(cases)("takes the fast path and equals the sort: %s", (_, values) => {
    const { counted, sorted, fastPath } = sortedBoth(values);
    expect(fastPath).toBe(true);
    expect(sameBits(counted, sorted)).toBe(true);
    expect(describeSorted(counted)).toEqual(describeSorted(sorted));
  });

  const refused: [string, number[]][] = [
    ["a fraction", [...Array.from({ length: 100 }, (_, i) => i), 2.5]],
    ["a negative number", [...Array.from({ length: 100 }, (_, i) => i), -1]],
    ["a negative zero", [...Array.from({ length: 100 }, (_, i) => i), -0]],
    ["a range wider than the count", [...Array.from({ length: 100 }, (_, i) => i), 1e9]],
    ["fewer than 64 values", [3, 1, 2]],
  ];
  it.each(refused)("leaves the array alone with %s", (_, values) => {
    const array = Float64Array.from(values);
    expect(countingSortIntegers(array)).toBe(false);
    expect(sameBits(array, Float64Array.from(values))).toBe(true);
  });
});

describe("radixSortFloat64", () => {
  const random = mulberry32(7);
  const cases: [string, number[]][] = [
    ["latencies in ms with ties", Array.from({ length: 5000 }, () => Math.round((150 + random() * 2000) * 1000) / 1000)],
    ["negatives, both zeros, infinities, tiny and huge", [
      ...Array.from({ length: 2000 }, () => (random() - 0.5) * 10 ** Math.floor(random() * 40 - 20)),
      0, -0, 0, -0, Infinity, -Infinity, Number.MIN_VALUE, -Number.MIN_VALUE, Number.MAX_VALUE, -Number.MAX_VALUE,
    ]],
    ["one value only", Array.from({ length: 300 }, () => 2.5)],
    ["two values", Array.from({ length: 301 }, () => (random() < 0.5 ? -1.25 : 1e-9))],
  ];
  it.each(cases)("equals the built-in sort bit for bit: %s", (_, values) => {
    const array = Float64Array.from(values);
    expect(radixSortFloat64(array)).toBe(true);
    expect(sameBits(array, Float64Array.from(values).sort())).toBe(true);
    expect(sameBits(sortFloat64(Float64Array.from(values)), Float64Array.from(values).sort())).toBe(true);
  });

  it("leaves an array with NaN to the built-in sort", () => {
    const values = [...Array.from({ length: 100 }, () => random()), NaN];
    const array = Float64Array.from(values);
    expect(radixSortFloat64(array)).toBe(false);
    expect(sameBits(array, Float64Array.from(values))).toBe(true);
    expect(sameBits(sortFloat64(array), Float64Array.from(values).sort())).toBe(true);
  });
});

function record(index: number, extra: Partial<RequestRecord>): RequestRecord {
  return {
    runId: "r", targetId: "t", inputIndex: 0, repetition: index, warmup: false, attempt: 1, startedAt: 1000 + index * 10, ttftMs: 5 + (index % 7),
    latencyMs: 20 + ((index * 37) % 101) / 8, status: "ok", errorKind: null, httpStatus: 200, errorMessage: null, inputTokens: 10 + (index % 5),
    outputTokens: 30 + (index % 9), tokensEstimated: false, chunkCount: 12, outputChunkCount: 10, output: null, outputBytes: 100, truncated: false,
    checksPassed: null, failedChecks: null, connectMs: null, tlsMs: null, waitingMs: null, receivingMs: null, connectionReused: null,
    scheduledAt: null, queueMs: null, stage: null, retryAfterMs: null, ...extra,
  } as RequestRecord;
}

describe("effective latency shared with latency until a record waited", () => {
  it("is the latency distribution when nothing waited", () => {
    const accumulator = new SummaryAccumulator();
    for (let i = 0; i < 200; i++) accumulator.add(record(i, {}));
    const [row] = accumulator.summarize();
    expect(row!.effectiveLatencyMs).toEqual(row!.latencyMs);
    expect(row!.effectiveLatencyMs.count).toBe(200);
  });

  it("counts every earlier record once a later one waited, as if kept apart from the start", () => {
    const accumulator = new SummaryAccumulator();
    const effective: number[] = [];
    for (let i = 0; i < 200; i++) {
      const queueMs = i >= 150 && i % 2 === 0 ? 4 + (i % 3) : null;
      const next = record(i, { queueMs });
      effective.push((queueMs ?? 0) + next.latencyMs);
      accumulator.add(next);
      // A summary on the way (a live view) must not disturb what comes after.
      if (i === 100) accumulator.summarize();
    }
    const [row] = accumulator.summarize();
    expect(row!.effectiveLatencyMs).toEqual(describeSorted(Float64Array.from(effective).sort()));
    expect(row!.effectiveLatencyMs.mean).not.toBe(row!.latencyMs.mean);
  });
});

describe("addGapHistogram with its reused scratch", () => {
  it("adds a histogram naming more pairs than there are buckets, as before", () => {
    const pairs = Array.from({ length: 3 * (LAST_GAP_BUCKET + 1) }, (_, i) => `${i % 10}:${i + 1}`).join(" ");
    const counts = new Float64Array(LAST_GAP_BUCKET + 1);
    expect(addGapHistogram(pairs, counts)).toBe(true);
    const expected = new Float64Array(LAST_GAP_BUCKET + 1);
    for (let i = 0; i < 3 * (LAST_GAP_BUCKET + 1); i++) expected[i % 10]! += i + 1;
    expect(counts).toEqual(expected);
  });

  it("adds nothing from a bad histogram after a good one used the scratch", () => {
    const counts = new Float64Array(LAST_GAP_BUCKET + 1);
    expect(addGapHistogram("1:2 3:4", counts)).toBe(true);
    expect(addGapHistogram("5:6 7:x", counts)).toBe(false);
    expect([counts[1], counts[3], counts[5], counts[7]]).toEqual([2, 4, 0, 0]);
  });
});
