// @vitest-environment happy-dom
// TTFT against output length (thinned for large runs, estimates marked), and cost vs latency vs quality
// (one dot per priced target, its latency interval as an error bar, its pass rate beside it).
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { summarize } from "../../src/core/stats";
import { TIMELINE_POINTS_PER_SERIES, ttftLengthSeries } from "../../src/ui/features/compare/charts/record-series";
import { describeTargets } from "../../src/ui/features/compare/target-info";
import { movedPoint, tooltipPlacement } from "../../src/ui/features/compare/charts/scatter-dots";
import type { Placed } from "../../src/ui/features/compare/charts/placed-dots";
import { TtftLengthChart } from "../../src/ui/features/compare/charts/ttft-length-chart";
import { ValueScatterChart } from "../../src/ui/features/compare/charts/value-scatter-chart";
import { makeRecord, recordsWithLatencies } from "./compare-fixtures";
import { giveChartsASize } from "./chart-size";
import { recordColumns } from "../../src/core/record";

giveChartsASize();
afterEach(cleanup);

const TARGETS = describeTargets(["fast", "slow"]);

describe("TTFT vs output length", () => {
  it("takes successful streamed requests with a token count, at most the timeline's budget per target", () => {
    const many = Array.from({ length: 5000 }, (_, index) => makeRecord({ targetId: "fast", repetition: index, outputTokens: 10 + (index % 90), ttftMs: 40 + (index % 13) }));
    const left = [
      makeRecord({ targetId: "slow", warmup: true }),
      makeRecord({ targetId: "slow", status: "error", errorKind: "http_5xx" }),
      makeRecord({ targetId: "slow", ttftMs: null }),
      makeRecord({ targetId: "slow", outputTokens: null }),
      makeRecord({ targetId: "slow", outputTokens: 33, ttftMs: 70, tokensEstimated: true }),
    ];
    const [fast, slow] = ttftLengthSeries(recordColumns([...many, ...left]), ["fast", "slow"]);
    expect(fast!.total).toBe(5000);
    expect(fast!.points).toHaveLength(TIMELINE_POINTS_PER_SERIES);
    expect(slow).toEqual({ targetId: "slow", total: 1, points: [{ outputTokens: 33, ttftMs: 70, estimated: true }] });
  });

  it("draws one dot per request and marks estimated token counts", async () => {
    const records = [
      ...recordsWithLatencies("fast", [100, 110, 120]),
      makeRecord({ targetId: "slow", outputTokens: 12, ttftMs: 300, tokensEstimated: true }),
    ];
    render(<TtftLengthChart columns={recordColumns(records)} targets={TARGETS} />);
    const chart = screen.getByTestId("ttft-length-chart");
    // One path of dots per target: a dot is one "M" (move to its edge) and two arcs.
    const dotsOf = (target: string): number => (chart.querySelector(`.pb-scatter-series[data-series="${target}"] path`)?.getAttribute("d") ?? "").split("M").length - 1;
    await waitFor(() => expect([dotsOf("fast"), dotsOf("slow")]).toEqual([3, 1]));
    expect(chart.textContent).toContain("≈ some estimated");
  });
});

describe("a scatter chart's tooltip and keys", () => {
  const plot = { x: 60, y: 4, width: 500, height: 220 };

  it("puts the tooltip right of the point, left of it near the plot's end, and above or below it on a plot too narrow for either", () => {
    expect(tooltipPlacement({ x: 100, y: 100 }, plot)).toEqual({ x: 110, y: 52, hugLeft: false });
    expect(tooltipPlacement({ x: 500, y: 10 }, plot)).toEqual({ x: 250, y: 4, hugLeft: true });
    const narrow = { x: 50, y: 4, width: 300, height: 220 };
    expect(tooltipPlacement({ x: 200, y: 150 }, narrow)).toEqual({ x: 80, y: 44, hugLeft: false });
    expect(tooltipPlacement({ x: 200, y: 40 }, narrow)).toEqual({ x: 80, y: 50, hugLeft: false });
  });

  it("skips a target with nothing drawn when the arrows move across targets", () => {
    const point = (series: number, index: number, x: number): Placed => ({ series, index, x, y: 0 });
    const byX = [[point(0, 0, 10), point(0, 1, 50)], [], [point(2, 0, 12), point(2, 1, 48), point(2, 2, 90)]];
    expect(movedPoint(byX, null, "ArrowRight")).toBe(byX[0]![0]);
    expect(movedPoint(byX, byX[0]![1]!, "ArrowDown")).toBe(byX[2]![1]);
    expect(movedPoint(byX, byX[2]![2]!, "ArrowDown")).toBe(byX[0]![1]);
    expect(movedPoint(byX, byX[0]![0]!, "ArrowUp")).toBe(byX[2]![0]);
    expect(movedPoint(byX, byX[0]![0]!, "Enter")).toBeUndefined();
  });
});

describe("cost vs latency vs quality", () => {
  // Six values each: the fewest for which a median has an order-statistic interval.
  const rows = summarize(
    [...recordsWithLatencies("fast", [100, 120, 140, 160, 180, 200]), ...recordsWithLatencies("slow", [300, 320, 340, 360, 380, 400])],
    ["fast", "slow"],
  );

  it("draws a dot per priced target with its latency interval, and its pass rate beside it", async () => {
    const priced = rows.map((row) =>
      row.targetId === "fast" ? { ...row, costPer1000RequestsUsd: 0.5, checksPassRate: 0.9, checkedRequests: 4 } : { ...row, costPer1000RequestsUsd: 0.2 },
    );
    render(<ValueScatterChart rows={priced} targets={TARGETS} />);
    const chart = screen.getByTestId("value-scatter-chart");
    await waitFor(() => expect(chart.querySelectorAll(".recharts-scatter circle")).toHaveLength(2));
    expect(chart.querySelectorAll(".recharts-errorBar")).toHaveLength(2);
    expect([...chart.querySelectorAll(".pb-scatter-label")].map((label) => label.textContent)).toEqual(["90.0% pass"]);
  });

  it("is not drawn when no target has a price", () => {
    const { container } = render(<ValueScatterChart rows={rows} targets={TARGETS} />);
    expect(container.innerHTML).toBe("");
  });
});
