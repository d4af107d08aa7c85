// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { LiveSummary } from "../../src/ui/features/compare/live-summary";
import { RunComparison } from "../../src/ui/features/compare/run-comparison";
import { makeRecord, makeScenario, recordsWithLatencies } from "./compare-fixtures";

afterEach(cleanup);

const records = [
  makeRecord({ targetId: "fast", warmup: true, latencyMs: 5000 }),
  ...recordsWithLatencies("fast", [100, 110, 120]),
  ...recordsWithLatencies("slow", [300, 310]),
  makeRecord({ targetId: "slow", status: "error", errorKind: "rate_limited", httpStatus: 429, output: null }),
];

describe("RunComparison", () => {
  it("mounts every part of the comparison for a run, one summary row per scenario target", () => {
    render(<RunComparison scenario={makeScenario(["fast", "slow"])} records={records} runLabel="Run 1" />);
    expect(screen.getAllByTestId("summary-row").map((row) => row.getAttribute("data-target-id"))).toEqual(["fast", "slow"]);
    expect(screen.getByTestId("outputs-by-input")).toBeTruthy();
    expect(screen.getByTestId("records-table")).toBeTruthy();
    expect(screen.getByTestId("export-records-csv")).toBeTruthy();
    expect(screen.getByText(/1 warm-up requests are left out/)).toBeTruthy();
  });
});

describe("LiveSummary", () => {
  it("keeps up as records are appended to the same run, and starts over for another run", () => {
    const live = recordsWithLatencies("fast", [100]);
    const { rerender } = render(<LiveSummary records={live} targetIds={["fast", "slow"]} />);
    const nCell = (targetId: string) =>
      screen.getAllByTestId("live-summary-row").find((row) => row.getAttribute("data-target-id") === targetId)?.querySelector('[data-column="n"]')?.textContent;
    expect(nCell("fast")).toBe("1");
    expect(nCell("slow")).toBe("0");

    rerender(<LiveSummary records={[...live, ...recordsWithLatencies("slow", [300, 300])]} targetIds={["fast", "slow"]} />);
    expect(nCell("fast")).toBe("1");
    expect(nCell("slow")).toBe("2");

    rerender(<LiveSummary records={recordsWithLatencies("slow", [300])} targetIds={["fast", "slow"]} />);
    expect(nCell("fast")).toBe("0");
    expect(nCell("slow")).toBe("1");
  });
});
