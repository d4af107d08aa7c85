// Run against run: each line's change, its interval and its verdict come from one construction, so they
// cannot disagree (the change shown is the estimate judged; better or worse exactly when the interval leaves 0 out).
import { describe, expect, it } from "vitest";
import { collectSamples, summarize } from "../../src/core/stats";
import type { RequestRecord } from "../../src/core/record";
import { judgeRunChanges, type RunChange } from "../../src/core/verdict";
import { requestRecord } from "./request-record";

/** One target's run: a latency per input, in order. */
function run(runId: string, latencies: readonly number[]): RequestRecord[] {
  return latencies.map((latencyMs, inputIndex) => requestRecord({ runId, targetId: "t", inputIndex, latencyMs, startedAt: 1000 + inputIndex * 1000 }));
}

function changes(before: RequestRecord[], after: RequestRecord[], paired = true): RunChange[] {
  return judgeRunChanges({ rows: summarize(before, ["t"]), samples: collectSamples(before) }, { rows: summarize(after, ["t"]), samples: collectSamples(after) }, ["t"], { paired });
}

function line(lines: RunChange[], metricId: string): RunChange {
  return lines.find((candidate) => candidate.metric.id === metricId)!;
}

/** The promise every judged line keeps: the change inside its interval, and a verdict exactly when the interval leaves 0 out. */
function expectConsistent(change: RunChange): void {
  expect(change.ciLow, change.metric.id).not.toBeNull();
  expect(change.change!, change.metric.id).toBeGreaterThanOrEqual(change.ciLow!);
  expect(change.change!, change.metric.id).toBeLessThanOrEqual(change.ciHigh!);
  const excludesZero = change.ciLow! > 0 || change.ciHigh! < 0;
  expect(change.verdict === "better" || change.verdict === "worse", `${change.metric.id}: [${change.ciLow}, ${change.ciHigh}] ${change.verdict} p=${change.pValue}`).toBe(excludesZero);
  expect(change.pValue! < 0.05).toBe(excludesZero);
}

// 40 inputs whose own cost spreads from 500 to 890 ms. After the change, 30 of them are 30 ms faster and every fourth
// 400 ms slower: most requests improved a little, a few got much worse. The median of the per-request differences is
// −30 ms (and stays so in nearly every resample); the difference of the medians is +30 ms; a rank test on the
// differences, weighing the ten large ones, sees no shift (p ≈ 0.46): three figures that once stood side by side.
const BEFORE = Array.from({ length: 40 }, (_, index) => 500 + 10 * index);
const AFTER = BEFORE.map((latency, index) => (index % 4 === 3 ? latency + 400 : latency - 30));

describe("a run-against-run change", () => {
  it("shows the estimate it judged: the median of the per-request differences, not the difference of the medians", () => {
    const p50 = line(changes(run("old", BEFORE), run("new", AFTER)), "latencyP50Ms");
    expect(p50.test).toBe("paired");
    expect(p50.change).toBe(-30);
    expect(p50.percentChange).toBeCloseTo((-30 / 695) * 100, 6);
    expect(p50.oldValue).toBe(695);
    expect(p50.newValue! - p50.oldValue!).not.toBe(-30);
  });

  it("is called better or worse exactly when its interval, at the level Holm tested it at, leaves 0 out", () => {
    const lines = changes(run("old", BEFORE), run("new", AFTER));
    const judged = lines.filter((candidate) => candidate.test !== null);
    expect(judged.length).toBeGreaterThan(1);
    for (const change of judged) expectConsistent(change);
    // Judged together with the other lines, each interval is wider than 95%: Holm's level for its line.
    for (const change of judged) expect(change.confidence!).toBeGreaterThanOrEqual(0.95);
    expect(Math.max(...judged.map((change) => change.confidence!))).toBeGreaterThan(0.95);
  });

  it("keeps the promise for a plain slowdown, a plain speed-up and unpaired runs", () => {
    const slower = BEFORE.map((latency, index) => latency * 1.2 + (index % 4));
    const faster = BEFORE.map((latency, index) => latency * 0.8 - (index % 4));
    for (const [after, paired, verdict] of [
      [slower, true, "worse"],
      [faster, true, "better"],
      [slower, false, "worse"],
    ] as const) {
      const p50 = line(changes(run("old", BEFORE), run("new", after), paired), "latencyP50Ms");
      expect(p50.test).toBe(paired ? "paired" : "unpaired");
      expect(p50.verdict).toBe(verdict);
      expectConsistent(p50);
    }
  });
});
