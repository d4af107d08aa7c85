// @vitest-environment happy-dom
// The Compare page's reasoning-effort curves: per target one point per level, the time to first answer
// token and the cost against the pass rate, in the target's colour, and the levels said in words.
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { parameterLevelRows } from "../../../src/core/load/level-rows";
import type { RequestRecord } from "../../../src/core/record";
import type { Scenario } from "../../../src/core/scenario";
import { validateScenario } from "../../../src/core/scenario/scenario-file";
import { LevelCurves } from "../../../src/ui/features/compare/load/level-curves";
import { describeTargets } from "../../../src/ui/features/compare/target-info";
import { makeRecord } from "../compare-fixtures";
import { giveChartsASize } from "../chart-size";

giveChartsASize();
afterEach(cleanup);

function sweepScenario(priced: boolean): Scenario {
  const price = priced ? { price: { outputPerMillionTokens: 1000 } } : {};
  const result = validateScenario({
    version: 1,
    name: "effort",
    task: "chat-completion",
    targets: [
      { id: "quick", endpointUrl: "http://127.0.0.1:9/v1", model: "m", label: "Quick", ...price },
      { id: "deep", endpointUrl: "http://127.0.0.1:9/v1", model: "m", label: "Deep", ...price },
    ],
    inputs: ["x", "y"],
    run: { stream: true, parameterSweep: { parameter: "reasoning_effort", levels: ["low", "high"] } },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

/** Two requests per target and level: `passed` of them right, the answer after `answerMs`, `tokens` output tokens each. */
function levelRecords(targetId: string, stage: number, passed: number, answerMs: number, tokens: number): RequestRecord[] {
  return [0, 1].map((inputIndex) =>
    makeRecord({ targetId, stage, inputIndex, ttftMs: 40, timeToFirstAnswerTokenMs: answerMs, latencyMs: answerMs + 50, outputTokens: tokens, reasoningTokens: tokens - 5, checksPassed: inputIndex < passed, reasoningEffort: stage === 0 ? "low" : "high" }),
  );
}

const RECORDS = [...levelRecords("quick", 0, 1, 100, 20), ...levelRecords("deep", 0, 1, 300, 60), ...levelRecords("quick", 1, 1, 200, 40), ...levelRecords("deep", 1, 2, 900, 200)];

describe("reasoning-effort curves", () => {
  it("summarise each level per target with its cost", () => {
    const levels = parameterLevelRows(RECORDS, sweepScenario(true));
    expect(levels.map(({ stage, level, rows }) => [stage, level, rows.map((row) => [row.targetId, row.checksPassRate, row.timeToFirstAnswerTokenMs.p50, row.costPerRequestUsd])])).toEqual([
      [0, "low", [["quick", 0.5, 100, 0.02], ["deep", 0.5, 300, 0.06]]],
      [1, "high", [["quick", 0.5, 200, 0.04], ["deep", 1, 900, 0.2]]],
    ]);
  });

  it("draw latency and cost against pass rate, a point per level, and say the levels in words", async () => {
    const scenario = sweepScenario(true);
    render(<LevelCurves records={RECORDS} scenario={scenario} targets={describeTargets(["quick", "deep"], scenario)} />);
    const list = await screen.findByTestId("level-list");
    expect(within(list).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Quick: low 50% at 100 ms, high 50% at 200 ms", "Deep: low 50% at 300 ms, high 100% at 900 ms"]);
    expect(screen.getByTestId("level-curve-latency").querySelector("figcaption")!.textContent).toBe("P50 time to first answer token against pass rate, per level of reasoning_effort");
    // Two targets' curves in each chart, two points each.
    await waitFor(() => expect(screen.getByTestId("level-curve-cost").querySelectorAll(".recharts-scatter-symbol")).toHaveLength(4));
    expect(screen.getByTestId("level-curve-latency").querySelectorAll(".recharts-scatter-symbol")).toHaveLength(4);
  });

  it("say what is missing when the targets have no price", async () => {
    const scenario = sweepScenario(false);
    render(<LevelCurves records={RECORDS} scenario={scenario} targets={describeTargets(["quick", "deep"], scenario)} />);
    expect((await screen.findByTestId("level-curve-cost-empty")).textContent).toMatch(/give the targets a price/);
    expect(screen.getByTestId("level-curve-latency")).toBeTruthy();
  });
});
