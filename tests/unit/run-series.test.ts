// Which runs form a series: the same scenario id, or (runs from files, which have none) the same
// fingerprint of task, targets and inputs; run settings do not split a series.
import { describe, expect, it } from "vitest";
import { runFingerprint, runSeries, type SeriesRunInfo } from "../../src/core/change-points";
import { makeScenario } from "./compare-fixtures";

function run(id: string, startedAt: number, scenarioId: string | null, targets: string[], inputs: string[] = ["Say hello"]): SeriesRunInfo {
  return { id, startedAt, scenarioId, scenarioName: `scenario of ${id}`, spec: makeScenario(targets, inputs) };
}

describe("runFingerprint", () => {
  it("is the same for the same targets and inputs whatever the key order or run settings, and differs otherwise", () => {
    const spec = makeScenario(["fast", "slow"]);
    const reordered = { ...spec, run: { ...spec.run, repetitions: 7 }, targets: spec.targets.map((target) => Object.fromEntries(Object.entries(target).reverse()) as typeof target) };
    expect(runFingerprint(reordered)).toBe(runFingerprint(spec));
    expect(runFingerprint(makeScenario(["fast", "steady"]))).not.toBe(runFingerprint(spec));
    expect(runFingerprint(makeScenario(["fast", "slow"], ["Say goodbye"]))).not.toBe(runFingerprint(spec));
    expect(runFingerprint(spec)).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe("runSeries", () => {
  it("groups by scenario id, joins imported runs by fingerprint, and orders each series oldest first", () => {
    const series = runSeries([
      run("local-2", 2000, "saved:a", ["fast", "slow"]),
      run("imported-1", 1000, null, ["fast", "slow"]),
      // The saved scenario edited: other targets, same id, same series.
      run("local-3", 3000, "saved:a", ["fast"]),
      run("other", 500, "saved:b", ["steady"]),
      run("imported-other", 400, null, ["steady"], ["Another input"]),
    ]);
    expect(series.map((one) => one.runs.map((member) => member.id))).toEqual([["imported-1", "local-2", "local-3"], ["other"], ["imported-other"]]);
    expect(series[0]).toMatchObject({ key: `fingerprint:${runFingerprint(makeScenario(["fast", "slow"]))}`, name: "scenario of local-3" });
    expect(series[1]!.key).toBe("scenario:saved:b");
  });

  it("has no series without runs", () => {
    expect(runSeries([])).toEqual([]);
  });
});
