// @vitest-environment happy-dom
// The summary table's columns a user shows or hides (remembered in localStorage, keyed by metric id),
// and each figure's uncertainty under it: the 95% interval as a range, or "too few samples".
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { METRICS, intervalOf, metricById, metricsIn } from "../../src/core/metrics";
import { summarize } from "../../src/core/stats";
import { parseColumnChoices } from "../../src/ui/features/compare/summary-table/column-settings";
import { SummaryTable } from "../../src/ui/features/compare/summary-table/summary-table";
import { describeTargets } from "../../src/ui/features/compare/target-info";
import { recordsWithLatencies } from "./compare-fixtures";

const COLUMNS_KEY = "providerbench.compareColumns";

beforeEach(() => localStorage.clear());
afterEach(cleanup);

function renderTable(records = recordsWithLatencies("fast", [100, 120, 140, 160, 180])) {
  const targetIds = [...new Set(records.map((record) => record.targetId))];
  return render(<SummaryTable rows={summarize(records, targetIds)} targets={describeTargets(targetIds)} />);
}

function headerIds(): string[] {
  return [...screen.getByTestId("summary-table").querySelectorAll<HTMLElement>("thead th")].map((header) => header.dataset.column ?? "");
}

function checkbox(label: string): HTMLInputElement {
  return within(screen.getByTestId("column-chooser")).getByRole("checkbox", { name: label });
}

function figureCell(targetId: string, column: string): HTMLElement {
  const found = screen.getByTestId("summary-table").querySelector<HTMLElement>(`tr[data-target-id="${targetId}"] [data-column="${column}"]`);
  if (found === null) throw new Error(`no ${column} cell for ${targetId}`);
  return found;
}

describe("the column chooser", () => {
  it("starts from the catalogue's table view, one labelled checkbox per metric", () => {
    renderTable();
    expect(headerIds()).toEqual(["target", ...metricsIn("table").map((metric) => metric.id)]);
    const boxes = within(screen.getByTestId("column-chooser")).getAllByRole("checkbox");
    expect(boxes).toHaveLength(METRICS.length);
    expect(checkbox("p99 latency").checked).toBe(true);
    expect(checkbox("Mean latency").checked).toBe(false);
    expect(within(screen.getByTestId("column-chooser")).getByRole("group", { name: "Summary table columns" })).toBeTruthy();
  });

  it("groups the checkboxes as the catalogue does, spread and tail statistics folded apart", () => {
    renderTable();
    const latency = within(screen.getByTestId("column-chooser")).getByRole("group", { name: "Latency" });
    const p50 = within(latency).getByRole("checkbox", { name: "p50 latency" });
    expect(p50.closest("details.pb-column-detail")).toBeNull();
    const advanced = METRICS.find((metric) => metric.group === "latency" && metric.advanced)!;
    expect(within(latency).getByRole("checkbox", { name: advanced.label }).closest("details.pb-column-detail")).not.toBeNull();
  });

  it("hides a column, shows another, and still does so after a reload", () => {
    const first = renderTable();
    fireEvent.click(checkbox("p99 latency"));
    fireEvent.click(checkbox("Mean latency"));
    expect(headerIds()).not.toContain("latencyP99Ms");
    expect(headerIds()).toContain("latencyMeanMs");
    first.unmount();

    renderTable();
    expect(headerIds()).not.toContain("latencyP99Ms");
    expect(headerIds()).toContain("latencyMeanMs");
    expect(checkbox("p99 latency").checked).toBe(false);
    // Only the departures from the defaults are stored, by metric id.
    expect(JSON.parse(localStorage.getItem(COLUMNS_KEY) ?? "null")).toEqual({ latencyP99Ms: false, latencyMeanMs: true });
  });

  it("goes back to the defaults, and forgets a choice equal to the default", () => {
    renderTable();
    fireEvent.click(checkbox("p99 latency"));
    fireEvent.click(checkbox("p99 latency"));
    expect(localStorage.getItem(COLUMNS_KEY)).toBeNull();
    fireEvent.click(checkbox("p95 latency"));
    expect(headerIds()).not.toContain("latencyP95Ms");
    fireEvent.click(within(screen.getByTestId("column-chooser")).getByRole("button", { name: "Default columns" }));
    expect(headerIds()).toEqual(["target", ...metricsIn("table").map((metric) => metric.id)]);
  });

  it("ignores stored ids the catalogue does not have, and values that are not true or false", () => {
    localStorage.setItem(COLUMNS_KEY, JSON.stringify({ gone: true, latencyP90Ms: "no", latencyP95Ms: false }));
    expect(parseColumnChoices(localStorage.getItem(COLUMNS_KEY))).toEqual({ latencyP95Ms: false });
    renderTable();
    expect(headerIds()).toContain("latencyP90Ms");
    expect(headerIds()).not.toContain("latencyP95Ms");
    expect(headerIds()).not.toContain("gone");
  });

  it("falls back to the defaults when what is stored is not JSON", () => {
    localStorage.setItem(COLUMNS_KEY, "{not json");
    renderTable();
    expect(headerIds()).toEqual(["target", ...metricsIn("table").map((metric) => metric.id)]);
  });
});

describe("each figure's uncertainty", () => {
  it("shows the 95% interval as a range under the figure, in the metric's precision", () => {
    // Six values: the fewest for which the median has an order-statistic interval.
    const records = recordsWithLatencies("fast", [100, 120, 140, 160, 180, 200]);
    renderTable(records);
    const metric = metricById("latencyP50Ms");
    const [low, high] = intervalOf(metric, summarize(records)[0]!)!;
    const line = figureCell("fast", "latencyP50Ms").querySelector<HTMLElement>('[data-uncertainty="interval"]');
    expect(line?.textContent).toBe(`95% interval [${Math.round(low)}–${Math.round(high)}]`);
    expect(low).toBeLessThanOrEqual(140);
    expect(high).toBeGreaterThanOrEqual(140);
  });

  it("says there were too few samples rather than printing a range from one request", () => {
    renderTable(recordsWithLatencies("lonely", [100]));
    const cellElement = figureCell("lonely", "latencyP50Ms");
    expect(cellElement.querySelector('[data-uncertainty="interval"]')).toBeNull();
    expect(cellElement.querySelector('[data-uncertainty="too-few"]')?.textContent).toMatch(/too few samples/);
  });

  it("adds nothing under a figure that has no interval or no value", () => {
    renderTable(recordsWithLatencies("fast", [100, 120]));
    expect(figureCell("fast", "requests").querySelector("[data-uncertainty]")).toBeNull();
  });
});
