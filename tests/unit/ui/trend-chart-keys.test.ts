// The Trends chart's keyboard cursor: ← → along a target's runs, ↑ ↓ to the same run on the next
// target (wrapping), Home and End to a line's ends; other keys are left to the browser.
import { describe, expect, it } from "vitest";
import { movedCursor } from "../../../src/ui/features/history/trend-point-cursor";
import type { TrendChartLine } from "../../../src/ui/features/history/trends-data";

function line(targetId: string, positions: number[]): TrendChartLine {
  return {
    targetId,
    label: targetId,
    color: "#000",
    points: positions.map((position) => ({ runId: `run-${position}`, startedAt: position, position, value: 1, ciLow: null, ciHigh: null, changeStartsHere: false })),
  };
}

describe("movedCursor", () => {
  // "beta" has no value in runs 2 and 3 (a target added later, say).
  const lines = [line("alpha", [1, 2, 3, 4]), line("beta", [1, 4])];

  it("moves along a line and stops at its ends", () => {
    expect(movedCursor(lines, { line: 0, point: 1 }, "ArrowRight")).toEqual({ line: 0, point: 2 });
    expect(movedCursor(lines, { line: 0, point: 3 }, "ArrowRight")).toEqual({ line: 0, point: 3 });
    expect(movedCursor(lines, { line: 0, point: 0 }, "ArrowLeft")).toEqual({ line: 0, point: 0 });
    expect(movedCursor(lines, { line: 0, point: 2 }, "Home")).toEqual({ line: 0, point: 0 });
    expect(movedCursor(lines, { line: 0, point: 0 }, "End")).toEqual({ line: 0, point: 3 });
  });

  it("moves across lines to the same run, else the nearest, wrapping around", () => {
    expect(movedCursor(lines, { line: 0, point: 3 }, "ArrowDown")).toEqual({ line: 1, point: 1 });
    expect(movedCursor(lines, { line: 0, point: 1 }, "ArrowDown")).toEqual({ line: 1, point: 0 });
    expect(movedCursor(lines, { line: 1, point: 1 }, "ArrowDown")).toEqual({ line: 0, point: 3 });
    expect(movedCursor(lines, { line: 0, point: 0 }, "ArrowUp")).toEqual({ line: 1, point: 0 });
  });

  it("leaves other keys alone", () => {
    expect(movedCursor(lines, { line: 0, point: 0 }, "Enter")).toBeNull();
    expect(movedCursor(lines, { line: 0, point: 0 }, "Tab")).toBeNull();
  });
});
