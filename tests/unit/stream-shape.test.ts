// Requests in flight (time-weighted) and the chunk-gap histogram, on hand-made values.
import { describe, expect, it } from "vitest";
import { addGapHistogram, chunkGapFields, encodeGapHistogram, gapBucket, gapBucketValueMs, LAST_GAP_BUCKET, inFlightDistribution, inFlightLevels, meanInFlightWhileSending } from "../../src/core/stats";

describe("requests in flight", () => {
  it("weights each level by how long it was held", () => {
    // [0, 10), [0, 5), [5, 20): 2 in flight for 10 ms, 1 for 10 ms.
    const { msAtLevel, spanMs } = inFlightLevels(Float64Array.from([0, 0, 5]), Float64Array.from([10, 5, 20]));
    expect(spanMs).toBe(20);
    expect([...msAtLevel]).toEqual([0, 10, 10]);
    const distribution = inFlightDistribution(Float64Array.from([0, 0, 5]), Float64Array.from([10, 5, 20]));
    expect(distribution.mean).toBe(1.5);
    expect(distribution.max).toBe(2);
    expect(distribution.p50).toBe(1);
    expect(distribution.p75).toBe(2);
    expect(distribution.ci95.p50.reason).toMatch(/no interval/);
  });

  it("counts a slot handed on within the wall clock's millisecond as handed on, not as one more", () => {
    // The second attempt's start is 0.4 ms before the first one's end: a whole-millisecond start time.
    const distribution = inFlightDistribution(Float64Array.from([0, 100]), Float64Array.from([100.4, 200]));
    expect(distribution.max).toBe(1);
  });

  it("counts the time nothing was in flight", () => {
    const { msAtLevel } = inFlightLevels(Float64Array.from([0, 30]), Float64Array.from([10, 40]));
    expect([...msAtLevel]).toEqual([20, 20]);
  });

  it("gives the level a closed loop held while it still had requests to send, the drain after its last send left out", () => {
    // Two slots, each answer followed at once by the next send: 2 until the last send at 200 ms, then draining.
    expect(meanInFlightWhileSending(Float64Array.from([0, 0, 100, 100, 200]), Float64Array.from([100, 100, 200, 200, 300]))).toBe(2);
    // The same loop with 50 ms of the client's own between an answer and the next send: 2 slots, 1.33 held.
    expect(meanInFlightWhileSending(Float64Array.from([0, 0, 150, 150, 300]), Float64Array.from([100, 100, 250, 250, 400]))).toBeCloseTo(4 / 3, 12);
    expect(meanInFlightWhileSending(Float64Array.from([5]), Float64Array.from([10]))).toBeNull();
  });
});

describe("chunk gaps", () => {
  it("buckets eight to a doubling above 1/32 ms, every bucket's value within 4.5% of its members", () => {
    expect(gapBucket(0)).toBe(0);
    expect(gapBucket(0.01)).toBe(0);
    expect(gapBucket(1 / 32)).toBe(1);
    expect(gapBucket(1e12)).toBe(LAST_GAP_BUCKET);
    for (const gap of [0.05, 1, 9.99, 10, 10.5, 250, 12_345]) {
      const value = gapBucketValueMs(gapBucket(gap));
      expect(Math.abs(value - gap) / gap, String(gap)).toBeLessThan(0.045);
    }
  });

  it("keeps a stream's exact gap statistics and its histogram as text that reads back", () => {
    const gaps = Float64Array.from([10, 10, 10, 0, 300]);
    const fields = chunkGapFields(gaps, (ms) => ms);
    expect(fields).toMatchObject({ chunkGapMeanMs: 66, chunkGapP50Ms: 10, maxChunkGapMs: 300 });
    // np.percentile([0, 10, 10, 10, 300], 99)
    expect(fields.chunkGapP99Ms).toBeCloseTo(288.4, 9);
    const counts = new Float64Array(LAST_GAP_BUCKET + 1);
    expect(addGapHistogram(fields.chunkGapHistogram!, counts)).toBe(true);
    expect(counts[0]).toBe(1);
    expect(counts[gapBucket(10)]).toBe(3);
    expect(counts[gapBucket(300)]).toBe(1);
    expect(encodeGapHistogram([10, 10])).toBe(`${gapBucket(10)}:2`);
  });

  it("refuses a histogram cell that is not one, adding nothing", () => {
    const counts = new Float64Array(LAST_GAP_BUCKET + 1);
    for (const bad of ["1:2 x", "300:1", "1:", ":2", "1:2:3", "=cmd()"]) expect(addGapHistogram(bad, counts), bad).toBe(false);
    expect(counts.every((count) => count === 0)).toBe(true);
    expect(addGapHistogram("", counts)).toBe(true);
  });
});
