// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import type { RequestRecord } from "../../src/core/record";
import { summarize } from "../../src/core/stats";
import { RunDiff } from "../../src/ui/features/compare/run-diff";
import { makeRecord, makeScenario, recordsWithLatencies } from "./compare-fixtures";

/** The diff of two runs' record sets, summarized as a run would be when it ends. */
function renderDiff(props: { oldRecords: RequestRecord[]; newRecords: RequestRecord[]; targetIds: string[]; oldLabel?: string; newLabel?: string }) {
  const { oldRecords, newRecords, targetIds, ...labels } = props;
  render(
    <RunDiff
      oldRows={summarize(oldRecords, targetIds)}
      newRows={summarize(newRecords, targetIds)}
      scenario={makeScenario(targetIds)}
      {...labels}
    />,
  );
}

afterEach(cleanup);

function diffRow(targetId: string, metric: string): HTMLElement {
  const row = screen
    .getAllByTestId("run-diff-row")
    .find((element) => element.getAttribute("data-target-id") === targetId && element.getAttribute("data-metric") === metric);
  if (row === undefined) throw new Error(`no ${metric} row for ${targetId}`);
  return row;
}

function cellText(row: HTMLElement, column: string): string {
  const cell = row.querySelector(`[data-column="${column}"]`);
  // Screen-reader-only words ("(better)") are not part of the number.
  return (cell?.firstChild?.textContent ?? "").trim();
}

describe("RunDiff", () => {
  it("shows a latency drop as a negative change, coloured better", () => {
    renderDiff({ oldRecords: recordsWithLatencies("fast", [200, 200, 200]), newRecords: recordsWithLatencies("fast", [150, 150, 150]), targetIds: ["fast"] });
    const row = diffRow("fast", "latencyP50Ms");
    expect(cellText(row, "old")).toBe("200 ms");
    expect(cellText(row, "new")).toBe("150 ms");
    expect(cellText(row, "change")).toBe("−50.0 ms");
    expect(cellText(row, "percentChange")).toBe("−25.0%");
    expect(row.getAttribute("data-verdict")).toBe("better");
    expect(row.querySelector('[data-column="change"]')?.className).toContain("pb-verdict-better");
  });

  it("shows a latency rise as a positive change, coloured worse", () => {
    renderDiff({ oldRecords: recordsWithLatencies("slow", [100, 100, 100, 100, 100, 100, 100, 100, 100, 100]), newRecords: recordsWithLatencies("slow", [100, 100, 100, 100, 100, 100, 100, 100, 100, 300]), targetIds: ["slow"] });
    const p90 = diffRow("slow", "latencyP90Ms");
    // p90 of nine 100s and one 300, interpolated: 100 + 0.1 × 200 = 120.
    expect(cellText(p90, "new")).toBe("120 ms");
    expect(cellText(p90, "change")).toBe("+20.0 ms");
    expect(cellText(p90, "percentChange")).toBe("+20.0%");
    expect(p90.getAttribute("data-verdict")).toBe("worse");
    expect(diffRow("slow", "latencyP50Ms").getAttribute("data-verdict")).toBe("same");
  });

  it("gives the error rate change in percentage points and a relative change", () => {
    const failure = makeRecord({ targetId: "flaky", status: "error", errorKind: "http_5xx", httpStatus: 500 });
    renderDiff({ oldRecords: [...recordsWithLatencies("flaky", [100, 100, 100]), failure], newRecords: [...recordsWithLatencies("flaky", [100, 100]), failure, failure], targetIds: ["flaky"], oldLabel: "Monday", newLabel: "Tuesday" });
    const row = diffRow("flaky", "errorRate");
    expect(cellText(row, "old")).toBe("25.0%");
    expect(cellText(row, "new")).toBe("50.0%");
    expect(cellText(row, "change")).toBe("+25.0 pp");
    expect(cellText(row, "percentChange")).toBe("+100.0%");
    expect(row.getAttribute("data-verdict")).toBe("worse");
    expect(screen.getByRole("columnheader", { name: "Monday" })).toBeTruthy();
  });

  it("shows no change for a target missing from one run", () => {
    renderDiff({ oldRecords: [], newRecords: recordsWithLatencies("new-target", [100]), targetIds: ["new-target"] });
    const row = diffRow("new-target", "latencyP50Ms");
    expect(cellText(row, "old")).toBe("—");
    expect(cellText(row, "change")).toBe("—");
    expect(row.hasAttribute("data-verdict")).toBe(false);
  });
});

describe("RunDiff and noise", () => {
  it("does not colour a p50 move whose runs' 95% intervals of the median overlap", () => {
    const spread = [100, 104, 108, 112, 116, 120, 124, 128, 132, 136, 140, 144];
    renderDiff({ oldRecords: recordsWithLatencies("steady", spread), newRecords: recordsWithLatencies("steady", spread.map((latency) => latency + 3)), targetIds: ["steady"] });
    const row = diffRow("steady", "latencyP50Ms");
    expect(cellText(row, "change")).toBe("+3.00 ms");
    expect(row.getAttribute("data-verdict")).toBe("within-noise");
    expect(row.querySelector('[data-column="change"]')?.className).not.toContain("pb-verdict-worse");
    expect(row.textContent).toContain("(within noise)");
  });

  it("still colours a p50 move well outside both intervals", () => {
    const spread = [100, 104, 108, 112, 116, 120, 124, 128, 132, 136, 140, 144];
    renderDiff({ oldRecords: recordsWithLatencies("steady", spread), newRecords: recordsWithLatencies("steady", spread.map((latency) => latency + 200)), targetIds: ["steady"] });
    expect(diffRow("steady", "latencyP50Ms").getAttribute("data-verdict")).toBe("worse");
  });
});
