// The capacity search's policy without a server: a target of known capacity, levels judged as a server
// would judge them, and the steps the policy takes; the SLO spec it reads; a level judged from a summary.
import { describe, expect, it } from "vitest";
import { capacityBracket, judgeLevel, nextCapacityStep, type CapacityOver, type CapacityStep, type CapacityTrial, type LevelVerdict } from "../../../src/core/load";
import { capacityGoodputSlo, findCapacitySchema, parseCapacitySlo } from "../../../src/core/scenario";
import { summarize } from "../../../src/core/stats";
import { requestRecord } from "../request-record";

const LIMITS = findCapacitySchema.parse({ slo: "ttftMs.p95<=500" });

function trial(level: number, verdict: LevelVerdict, failureRate = 0): CapacityTrial {
  return { level, stage: 0, verdict, objectives: [], requests: 100, failureRate, throughput: null, goodput: null };
}

/** Runs the policy to its end against `judge`, as the runner would: every level it asks for, judged. */
function search(judge: (level: number, longer: boolean) => { verdict: LevelVerdict; failureRate?: number }, over: CapacityOver = "rate", limits = LIMITS, canLengthen = true) {
  const trials: CapacityTrial[] = [];
  let step: CapacityStep = nextCapacityStep(limits, over, trials, canLengthen);
  while (step.kind === "level") {
    const judged = judge(step.level, step.longer);
    trials.push(trial(step.level, judged.verdict, judged.failureRate));
    step = nextCapacityStep(limits, over, trials, canLengthen);
  }
  return { trials, stop: step.stop, ...capacityBracket(trials) };
}

describe("the capacity search's policy", () => {
  it.each([3.7, 10, 57, 100, 333])("finds a rate capacity of %s within one step (the resolution)", (capacity) => {
    const found = search((level) => ({ verdict: level <= capacity ? "meets" : "fails" }));
    expect(found.stop).toBe("resolved");
    expect(found.meets!.level).toBeLessThanOrEqual(capacity);
    expect(found.fails!.level).toBeGreaterThan(capacity);
    expect(found.fails!.level / found.meets!.level - 1).toBeLessThanOrEqual(LIMITS.resolution);
    // A coarse ramp, then bisection: a handful of levels, never a fixed sweep's dozens.
    expect(found.trials.length).toBeLessThanOrEqual(LIMITS.maxLevels);
  });

  it("finds a concurrency capacity exactly: whole levels, the failing one the next above", () => {
    const found = search((level) => ({ verdict: level <= 13 ? "meets" : "fails" }), "concurrency");
    expect(found.trials.every((one) => Number.isInteger(one.level))).toBe(true);
    expect([found.meets!.level, found.fails!.level, found.stop]).toEqual([13, 14, "resolved"]);
  });

  it("stops the ramp at the first failing level: nothing above it is tried", () => {
    const found = search((level) => ({ verdict: level <= 20 ? "meets" : "fails" }));
    const firstFailing = found.trials.findIndex((one) => one.verdict === "fails");
    expect(found.trials[firstFailing]!.level).toBe(32);
    expect(found.trials.slice(firstFailing + 1).every((one) => one.level < 32)).toBe(true);
  });

  it("ends the search at once when a level's failures exceed maxErrorRate, with the last level that met", () => {
    const found = search((level) => (level <= 4 ? { verdict: "meets" } : { verdict: "fails", failureRate: 0.8 }));
    expect(found.stop).toBe("errors");
    expect(found.trials.map((one) => one.level)).toEqual([1, 2, 4, 8]);
    expect(found.meets!.level).toBe(4);
  });

  it("tries an undecided level once more for longer, and is judged by the longer run", () => {
    const asked: [number, boolean][] = [];
    const found = search((level, longer) => {
      asked.push([level, longer]);
      if (level === 4) return { verdict: longer ? "meets" : "undecided" };
      return { verdict: level < 4 ? "meets" : "fails" };
    });
    expect(asked.slice(0, 4)).toEqual([
      [1, false],
      [2, false],
      [4, false],
      [4, true],
    ]);
    expect(found.meets!.level).toBeGreaterThanOrEqual(4);
  });

  it("counts an undecided level as not meeting when it cannot be lengthened", () => {
    const found = search((level) => ({ verdict: level <= 4 ? "meets" : level <= 6 ? "undecided" : "fails" }), "rate", LIMITS, false);
    expect(found.meets!.level).toBeLessThanOrEqual(4.4);
    expect(found.fails!.verdict).toBe("undecided");
  });

  it("says the first level failed, and that the highest allowed level met", () => {
    expect(search(() => ({ verdict: "fails" })).stop).toBe("first-level-fails");
    const capped = search(() => ({ verdict: "meets" }), "rate", { ...LIMITS, max: 50 });
    expect([capped.stop, capped.meets!.level]).toEqual(["max-level", 50]);
  });

  it("stops at maxLevels", () => {
    const found = search((level) => ({ verdict: level <= 300 ? "meets" : "fails" }), "rate", { ...LIMITS, maxLevels: 3 });
    expect([found.stop, found.trials.length]).toEqual(["level-limit", 3]);
  });
});

describe("the capacity SLO", () => {
  it("reads objectives and presets, and names the part it cannot read", () => {
    expect(parseCapacitySlo("ttftMs.p95<=500, itlMs.p95<=50, failureRate<=1%")).toEqual({
      objectives: [
        { kind: "percentile", metric: "ttftMs", percentile: "p95", limit: 500 },
        { kind: "percentile", metric: "itlMs", percentile: "p95", limit: 50 },
        { kind: "failureRate", limit: 0.01 },
      ],
    });
    expect(parseCapacitySlo("mlperf-llama2-70b-server")).toEqual(parseCapacitySlo("ttftMs.p99<=2000,itlMs.p99<=200"));
    expect(parseCapacitySlo("mlperf-interactive")).toEqual(parseCapacitySlo("ttftMs.p99<=450,itlMs.p99<=40"));
    expect(parseCapacitySlo("ttftMs.p95<=500,ttft.p95<=3")).toEqual({ error: expect.stringContaining('"ttft.p95<=3": ttft is not one of') });
    expect(parseCapacitySlo("ttftMs<=500")).toEqual({ error: expect.stringContaining("needs a percentile") });
    expect(parseCapacitySlo("failureRate<=150%")).toEqual({ error: expect.stringContaining("share") });
  });

  it("counts goodput with the per-request limits slo.ts knows, the tightest of each", () => {
    const parsed = parseCapacitySlo("ttftMs.p95<=500,ttftMs.p99<=800,latencyMs.p50<=2000,itlMs.p95<=50");
    expect(capacityGoodputSlo("objectives" in parsed ? parsed.objectives : [])).toEqual({ maxTtftMs: 500, maxLatencyMs: 2000 });
    const itlOnly = parseCapacitySlo("itlMs.p95<=50");
    expect(capacityGoodputSlo("objectives" in itlOnly ? itlOnly.objectives : [])).toBeNull();
  });
});

describe("a level judged from its summary", () => {
  const objectives = [{ kind: "percentile", metric: "ttftMs", percentile: "p95", limit: 100 }] as const;
  const rowOf = (ttfts: number[], failed = 0) =>
    summarize([...ttfts.map((ttftMs, index) => requestRecord({ inputIndex: index, ttftMs })), ...Array.from({ length: failed }, (_, index) => requestRecord({ inputIndex: 1000 + index, status: "error", errorKind: "http_5xx", ttftMs: null }))])[0]!;

  it("meets when the p95's interval lies wholly within the limit, fails when wholly beyond, else is undecided", () => {
    const steady = Array.from({ length: 200 }, (_, index) => 40 + (index % 20));
    expect(judgeLevel(rowOf(steady), objectives).verdict).toBe("meets");
    expect(judgeLevel(rowOf(steady.map((value) => value + 100)), objectives).verdict).toBe("fails");
    // Twenty values have no order-statistic interval for a p95 narrower than their range: undecided.
    expect(judgeLevel(rowOf(Array.from({ length: 20 }, (_, index) => 90 + index)), objectives).verdict).toBe("undecided");
  });

  it("fails a level where nothing came back, and reports its failure rate", () => {
    const judged = judgeLevel(rowOf([], 10), objectives);
    expect([judged.verdict, judged.failureRate]).toEqual(["fails", 1]);
  });
});
