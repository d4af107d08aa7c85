// The one name shown for a target (src/core/scenario/target-names.ts): the scenario author's label, placed in the
// product's own sentences and legends, with nothing in it that reorders the text around it.
import { describe, expect, it } from "vitest";
import { targetDisplayName, targetDisplayNames } from "../../src/core/scenario/target-names";
import { collectSamples, compareTargets } from "../../src/core/stats/paired";
import { summarize } from "../../src/core/stats";
import { describeTargets } from "../../src/ui/features/compare/target-info";
import { objectiveVerdicts } from "../../src/core/verdict";
import type { Scenario } from "../../src/core/scenario";
import { makeRecord } from "./compare-fixtures";

function scenarioWith(targets: { id: string; label?: string }[]): Pick<Scenario, "targets"> {
  return { targets: targets.map((target) => ({ ...target, endpointUrl: "http://127.0.0.1:8000/v1", model: "m" })) };
}

const BIDI = ["\u202e", "\u202d", "\u202a", "\u202b", "\u202c", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c"];

describe("targetDisplayName", () => {
  it("takes every bidi control out of a label, and its line breaks and control characters become spaces", () => {
    const scenario = scenarioWith([{ id: "evil", label: `fast\u202e tsol\u2066 ok\u2069\nline\u2028two\u0007` }, { id: "plain" }, { id: "only", label: "\u202e\u2067 " }]);
    expect(targetDisplayName(scenario, "evil")).toBe("fast tsol ok line two");
    expect(targetDisplayName(scenario, "plain")).toBe("plain");
    // A label of nothing but controls is no label: the id stands in.
    expect(targetDisplayName(scenario, "only")).toBe("only");
  });

  it("keeps bidi controls out of the legends' labels and the verdict sentences built from them", () => {
    const scenario = scenarioWith([{ id: "a", label: `A\u202e reversed ${BIDI.join("")}` }, { id: "b", label: "B" }]);
    const records = Array.from({ length: 20 }, (_, input) => [
      makeRecord({ targetId: "a", inputIndex: input, latencyMs: 100 + input, ttftMs: 20, outputTokens: 10 }),
      makeRecord({ targetId: "b", inputIndex: input, latencyMs: 400 + input, ttftMs: 90, outputTokens: 10 }),
    ]).flat();
    const names = targetDisplayNames(scenario);
    const sentences = objectiveVerdicts(summarize(records, ["a", "b"]), compareTargets(collectSamples(records), ["a", "b"]), (id) => names.get(id) ?? id).map((verdict) => verdict.sentence);
    const shown = [...describeTargets(["a", "b"], scenario).map((target) => target.label), ...sentences].join("\n");
    expect(sentences.join(" ")).toContain("A reversed");
    for (const control of BIDI) expect(shown).not.toContain(control);
  });
});
