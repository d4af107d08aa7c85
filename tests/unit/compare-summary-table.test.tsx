// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { ESTIMATED_EXPLANATION, metricsIn } from "../../src/core/metrics";
import { summarize } from "../../src/core/stats";
import { SummaryTable } from "../../src/ui/features/compare/summary-table/summary-table";
import { describeTargets } from "../../src/ui/features/compare/target-info";
import { makeRecord, recordsWithLatencies } from "./compare-fixtures";

afterEach(cleanup);

function renderTable(records: ReturnType<typeof makeRecord>[], targetIds: string[]) {
  const rows = summarize(records, targetIds);
  render(<SummaryTable rows={rows} targets={describeTargets(targetIds)} />);
}

function rowOrder(): string[] {
  return screen.getAllByTestId("summary-row").map((row) => row.getAttribute("data-target-id") ?? "");
}

function cell(targetId: string, column: string): HTMLElement {
  const row = screen.getAllByTestId("summary-row").find((element) => element.getAttribute("data-target-id") === targetId);
  if (row === undefined) throw new Error(`no row for ${targetId}`);
  const found = row.querySelector<HTMLElement>(`[data-column="${column}"]`);
  if (found === null) throw new Error(`no ${column} cell for ${targetId}`);
  return found;
}

/** The figure a cell shows, without the interval line under it. */
function figure(targetId: string, column: string): string | null {
  return cell(targetId, column).querySelector("[data-figure]")?.textContent ?? null;
}

function sortButton(column: string): HTMLElement {
  const header = screen.getByTestId("summary-table").querySelector<HTMLElement>(`thead th[data-column="${column}"]`);
  if (header === null) throw new Error(`no header ${column}`);
  return within(header).getByRole("button");
}

const threeTargets = [
  ...recordsWithLatencies("medium", [200, 200, 200]),
  ...recordsWithLatencies("slow", [300, 300, 300]),
  ...recordsWithLatencies("fast", [100, 100, 100]),
];

describe("SummaryTable", () => {
  it("keeps the scenario's target order until a header is clicked", () => {
    renderTable(threeTargets, ["slow", "fast", "medium"]);
    expect(rowOrder()).toEqual(["slow", "fast", "medium"]);
  });

  it("sorts by p50 ascending, then descending, and says so in aria-sort", () => {
    renderTable(threeTargets, ["slow", "fast", "medium"]);
    const header = () => screen.getByTestId("summary-table").querySelector('thead th[data-column="latencyP50Ms"]');

    fireEvent.click(sortButton("latencyP50Ms"));
    expect(rowOrder()).toEqual(["fast", "medium", "slow"]);
    expect(header()?.getAttribute("aria-sort")).toBe("ascending");

    fireEvent.click(sortButton("latencyP50Ms"));
    expect(rowOrder()).toEqual(["slow", "medium", "fast"]);
    expect(header()?.getAttribute("aria-sort")).toBe("descending");
  });

  it("sorts by target name alphabetically", () => {
    renderTable(threeTargets, ["slow", "fast", "medium"]);
    fireEvent.click(sortButton("target"));
    expect(rowOrder()).toEqual(["fast", "medium", "slow"]);
  });

  it("highlights the lowest latency and the highest token rate", () => {
    const records = [
      ...recordsWithLatencies("fast", [100, 100]),
      ...recordsWithLatencies("slow", [400, 400]),
    ];
    renderTable(records, ["fast", "slow"]);
    expect(cell("fast", "latencyP50Ms").getAttribute("data-best")).toBe("true");
    expect(cell("slow", "latencyP50Ms").hasAttribute("data-best")).toBe(false);
    // Same 20 tokens in a quarter of the time: fast has 4× the tokens per second.
    expect(cell("fast", "outputTokensPerSecondP50").getAttribute("data-best")).toBe("true");
    expect(cell("slow", "outputTokensPerSecondP50").hasAttribute("data-best")).toBe(false);
  });

  it("highlights every target tied for best", () => {
    const records = [
      ...recordsWithLatencies("a", [100]),
      ...recordsWithLatencies("b", [100]),
      ...recordsWithLatencies("c", [300]),
    ];
    renderTable(records, ["a", "b", "c"]);
    expect(["a", "b", "c"].map((id) => cell(id, "latencyP50Ms").getAttribute("data-best"))).toEqual(["true", "true", null]);
  });

  it("highlights nothing when every target has the same value", () => {
    const records = [...recordsWithLatencies("a", [100]), ...recordsWithLatencies("b", [100])];
    renderTable(records, ["a", "b"]);
    expect(screen.getByTestId("summary-table").querySelectorAll("[data-best]")).toHaveLength(0);
  });

  it("highlights nothing with a single target", () => {
    renderTable(recordsWithLatencies("only", [100, 250]), ["only"]);
    expect(screen.getByTestId("summary-table").querySelectorAll("[data-best]")).toHaveLength(0);
  });

  it("shows — for missing values and keeps them last when sorting", () => {
    const records = [
      ...recordsWithLatencies("ok", [100]),
      makeRecord({ targetId: "broken", status: "error", errorKind: "http_5xx", httpStatus: 503, ttftMs: null, outputTokens: null }),
    ];
    renderTable(records, ["broken", "ok"]);
    expect(figure("broken", "latencyP50Ms")).toBe("—");
    expect(figure("broken", "ttftP50Ms")).toBe("—");
    expect(figure("broken", "errorRate")).toBe("100.0%");

    fireEvent.click(sortButton("latencyP50Ms"));
    expect(rowOrder()).toEqual(["ok", "broken"]);
    fireEvent.click(sortButton("latencyP50Ms"));
    expect(rowOrder()).toEqual(["ok", "broken"]);
  });

  it("shows units, marks estimated token rates and puts the p50 confidence interval in the title", () => {
    const records = recordsWithLatencies("fast", [100, 120, 140, 160, 180, 200]).map((record) => ({ ...record, tokensEstimated: true }));
    renderTable(records, ["fast"]);
    expect(figure("fast", "latencyP50Ms")).toBe("150 ms");
    expect(figure("fast", "outputTokensPerSecondP50")).toMatch(/^≈[\d.,]+ tok\/s$/);
    // Six values: the median's interval runs from the smallest to the largest (order statistics 1 and 6).
    expect(cell("fast", "latencyP50Ms").getAttribute("title")).toBe("p50 95% CI: 100 ms – 200 ms (order statistics)");
    expect(cell("fast", "outputTokensPerSecondP50").getAttribute("title")).toContain(ESTIMATED_EXPLANATION);
  });

  it("says in the title when there are too few values for an interval", () => {
    renderTable(recordsWithLatencies("fast", [100, 120, 140]), ["fast"]);
    expect(cell("fast", "latencyP50Ms").getAttribute("title")).toBe("p50: too few values for a 95% interval of p50: it needs at least 6, there are 3");
  });

  it("takes every column header, and its hover definition, from the metric catalogue", () => {
    renderTable(threeTargets, ["slow", "fast", "medium"]);
    const headers = [...screen.getByTestId("summary-table").querySelectorAll<HTMLElement>("thead th")];
    expect(headers.map((header) => header.dataset.column)).toEqual(["target", ...metricsIn("table").map((metric) => metric.id)]);
    for (const metric of metricsIn("table")) {
      expect(within(headers.find((header) => header.dataset.column === metric.id)!).getByRole("button").getAttribute("title")).toBe(
        `${metric.label}: ${metric.definition}`,
      );
    }
  });

  it("counts a request recovered by a retry as successful: no failed request, one retry", () => {
    const records = [
      makeRecord({ targetId: "flaky", inputIndex: 0, status: "error", errorKind: "http_5xx", httpStatus: 503 }),
      makeRecord({ targetId: "flaky", inputIndex: 0, attempt: 2 }),
      makeRecord({ targetId: "flaky", inputIndex: 1 }),
    ];
    renderTable(records, ["flaky"]);
    expect(figure("flaky", "requests")).toBe("2");
    expect(figure("flaky", "failedRequests")).toBe("0");
    expect(figure("flaky", "failureRate")).toBe("0%");
    // The provider still failed one attempt in three.
    expect(figure("flaky", "errorRate")).toBe("33.3%");
    expect(figure("flaky", "retries")).toBe("1");
  });
});
