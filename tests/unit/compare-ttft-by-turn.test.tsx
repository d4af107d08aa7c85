// @vitest-environment happy-dom
// The Compare page's "TTFT by turn" (issue 29, item 3): one line per target in its colour and name, a
// point per turn, drawn only for a run of sessions.
import { cleanup, render, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { summarize } from "../../src/core/stats";
import { hasSessions, TtftByTurnChart } from "../../src/ui/features/compare/charts/ttft-by-turn-chart";
import { describeTargets } from "../../src/ui/features/compare/target-info";
import { makeRecord, makeScenario } from "./compare-fixtures";
import { giveChartsASize } from "./chart-size";

giveChartsASize();
afterEach(cleanup);

const TURN_TTFTS: Record<string, number[]> = { cached: [400, 120, 90], plain: [400, 420, 460] };
const RECORDS = Object.entries(TURN_TTFTS).flatMap(([targetId, ttfts]) =>
  ttfts.map((ttftMs, index) => makeRecord({ targetId, inputIndex: index, ttftMs, latencyMs: ttftMs + 200, sessionId: "s0", turn: index + 1, sessionTurns: 3 })),
);

describe("TTFT by turn", () => {
  it("draws a line per target, in the target's colour, through each turn's median", async () => {
    const rows = summarize(RECORDS, ["cached", "plain"]);
    const targets = describeTargets(["cached", "plain"], makeScenario(["cached", "plain"]));
    expect(hasSessions(rows)).toBe(true);
    const { container } = render(<TtftByTurnChart rows={rows} targets={targets} />);
    await waitFor(() => expect(container.querySelectorAll(".recharts-line-curve")).toHaveLength(2));
    const strokes = Array.from(container.querySelectorAll(".recharts-line-curve")).map((path) => path.getAttribute("stroke"));
    expect(strokes).toEqual(targets.map((target) => target.color));
    expect(container.querySelectorAll(".recharts-line-dots")[0]!.querySelectorAll("circle")).toHaveLength(3);
    const legend = within(container.querySelector<HTMLElement>('[data-testid="chart-legend"]')!).getAllByRole("listitem").map((item) => item.textContent);
    expect(legend).toEqual(targets.map((target) => target.label));
  });

  it("is not drawn for a run of other inputs", () => {
    expect(hasSessions(summarize([makeRecord({ targetId: "cached" })], ["cached"]))).toBe(false);
  });
});
