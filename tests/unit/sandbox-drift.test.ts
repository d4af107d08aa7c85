// The sandbox's drift option: parsed with errors naming the item, and applied from its run on, to its profile only.
import { describe, expect, it } from "vitest";
import { driftFactor, parseDrifts } from "../../src/sandbox/drift";
import { createProfileRandom, drawRequest, planResponse } from "../../src/sandbox/plan";
import { PROFILES } from "../../src/sandbox/profiles";

describe("parseDrifts", () => {
  it("reads the issue's example and a list", () => {
    expect(parseDrifts("slow=+25%@8")).toEqual({ drifts: [{ profile: "slow", factor: 1.25, fromRun: 8 }] });
    expect(parseDrifts("slow=25%@8, fast=-10%@3")).toEqual({
      drifts: [
        { profile: "slow", factor: 1.25, fromRun: 8 },
        { profile: "fast", factor: 0.9, fromRun: 3 },
      ],
    });
  });

  it.each([
    ["slow=+25@8", "is not <profile>=<±percent>%@<run>"],
    ["slow=+25%", "is not <profile>=<±percent>%@<run>"],
    ["turbo=+25%@8", '"turbo" is not a sandbox profile'],
    ["slow=-100%@2", "more than −100%"],
    ["slow=+25%@0", "at least 1"],
    ["slow=+25%@8,slow=+5%@9", "slow is given twice"],
  ])("refuses %j, naming what is wrong", (text, message) => {
    const parsed = parseDrifts(text);
    expect("error" in parsed && parsed.error).toContain(message);
  });
});

describe("driftFactor", () => {
  const drifts = [{ profile: "slow" as const, factor: 1.25, fromRun: 8 }];

  it("applies from the drift's run on, to the named profile only", () => {
    expect([6, 7, 8, 9, 14].map((run) => driftFactor(drifts, "slow", run))).toEqual([1, 1, 1.25, 1.25, 1.25]);
    expect([1, 8, 14].map((run) => driftFactor(drifts, "fast", run))).toEqual([1, 1, 1]);
  });

  it("scales the planned delays of the same draw by the factor", () => {
    const plan = (timeScale: number) => {
      const random = createProfileRandom(42, "slow");
      return planResponse(PROFILES.slow, drawRequest(random, 1), { maxTokens: 48, choiceCount: 1, generatesText: true }, timeScale);
    };
    const before = plan(driftFactor(drifts, "slow", 7));
    const after = plan(driftFactor(drifts, "slow", 8));
    expect(after.ttftMs).toBeCloseTo(before.ttftMs * 1.25, 6);
    expect(after.endMs).toBeCloseTo(before.endMs * 1.25, 6);
  });
});
