// The shipped sample trace (written by src/sandbox/sample-trace.ts with the other assets: the bytes are
// checked in scenario-assets.test.ts) reads as a Mooncake trace and has what the bundled replay shows:
// bursts, shared prefix blocks, a small file.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readTrace } from "../../../src/core/workloads";

const shipped = readFileSync(new URL("../../../scenarios/assets/sample-trace.jsonl", import.meta.url), "utf8");

describe("the sample trace", () => {
  it("is small", () => {
    expect(shipped.length).toBeLessThan(100_000);
  });

  it("reads as Mooncake, with bursts and shared prefixes in the bundled scenario's slice", () => {
    const read = readTrace(shipped, { fromSeconds: 60, toSeconds: 180, speedup: 10 });
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const { requests } = read.trace;
    expect(read.trace.format).toBe("mooncake");
    expect(requests).toHaveLength(134);
    // Bursts: some second of the trace holds several times the mean arrivals.
    const perSecond = new Map<number, number>();
    for (const request of requests) perSecond.set(Math.floor(request.atMs / 100), (perSecond.get(Math.floor(request.atMs / 100)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeGreaterThanOrEqual(4 * (requests.length / 120));
    // Shared prefixes: most requests open with a block an earlier one opened with.
    const seen = new Set<number>();
    let shared = 0;
    for (const request of requests) {
      if (seen.has(request.hashIds![0]!)) shared++;
      seen.add(request.hashIds![0]!);
    }
    expect(shared).toBeGreaterThan(requests.length / 2);
  });
});
