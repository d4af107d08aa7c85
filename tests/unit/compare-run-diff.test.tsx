// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { mulberry32 } from "../../src/core/random";
import type { RequestRecord } from "../../src/core/record";
import { summarize } from "../../src/core/stats";
import { RunDiff } from "../../src/ui/features/compare/diff/run-diff";
import { makeRecord, makeScenario } from "./compare-fixtures";

/** The diff of two runs' record sets, summarized as a run would be when it ends. */
function renderDiff(props: { oldRecords: RequestRecord[]; newRecords: RequestRecord[]; targetIds: string[]; paired?: boolean; oldLabel?: string; newLabel?: string }) {
  const { oldRecords, newRecords, targetIds, paired = true, ...labels } = props;
  render(
    <RunDiff
      oldRows={summarize(oldRecords, targetIds)}
      newRows={summarize(newRecords, targetIds)}
      oldRecords={oldRecords}
      newRecords={newRecords}
      paired={paired}
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
  return (row.querySelector(`[data-column="${column}"]`)?.textContent ?? "").trim();
}

/**
 * One run of a target over 60 inputs: each input has its own cost (200–600 ms, the same in every run:
 * the same inputs), each request 10% noise of its own from `seed`; latencies scaled by `factor`.
 */
function run(targetId: string, seed: number, factor = 1, inputs = 60): RequestRecord[] {
  const random = mulberry32(seed);
  return Array.from({ length: inputs }, (_, inputIndex) => {
    const inputCostMs = 200 + ((inputIndex * 37) % 60) * (400 / 60);
    const latencyMs = factor * inputCostMs * (0.9 + 0.2 * random());
    return makeRecord({ targetId, inputIndex, latencyMs, ttftMs: latencyMs / 5, outputTokens: 40, startedAt: 1_700_000_000_000 + inputIndex * 1000 });
  });
}

describe("RunDiff judges each change with a test", () => {
  it("calls a change the same inputs show as chance noise, and colours nothing", () => {
    // Two runs of the same provider: only the per-request noise differs.
    renderDiff({ oldRecords: run("steady", 1), newRecords: run("steady", 2), targetIds: ["steady"] });
    for (const metric of ["latencyP50Ms", "latencyP90Ms", "ttftP50Ms", "outputTokensPerSecondP50"]) {
      const row = diffRow("steady", metric);
      expect(row.getAttribute("data-verdict"), metric).toBe("within-noise");
      expect(row.querySelector('[data-column="change"]')?.className).not.toMatch(/pb-verdict-(better|worse)/);
      expect(cellText(row, "verdict")).toMatch(/^≈ within noise, p [=<] /);
    }
    const p50 = diffRow("steady", "latencyP50Ms");
    expect(p50.getAttribute("data-test")).toBe("paired");
    // The interval of what was tested spans 0.
    expect(cellText(p50, "interval")).toMatch(/^−.* to \+/);
  });

  it("calls a 15% slowdown on the same inputs worse, with its interval and p-value", () => {
    renderDiff({ oldRecords: run("steady", 1), newRecords: run("steady", 2, 1.15), targetIds: ["steady"], oldLabel: "Monday", newLabel: "Tuesday" });
    const p50 = diffRow("steady", "latencyP50Ms");
    expect(p50.getAttribute("data-verdict")).toBe("worse");
    expect(p50.querySelector('[data-column="change"]')?.className).toContain("pb-verdict-worse");
    expect(cellText(p50, "verdict")).toBe("worse, p < 0.001");
    expect(cellText(p50, "interval")).toMatch(/^\+[\d.,]+ ms to \+[\d.,]+ ms$/);
    expect(diffRow("steady", "outputTokensPerSecondP50").getAttribute("data-verdict")).toBe("worse");
    expect(screen.getByRole("columnheader", { name: "Monday" })).toBeTruthy();
  });

  it("calls a speed-up better", () => {
    renderDiff({ oldRecords: run("fast", 3, 1.3), newRecords: run("fast", 4), targetIds: ["fast"] });
    expect(diffRow("fast", "latencyP50Ms").getAttribute("data-verdict")).toBe("better");
    expect(diffRow("fast", "ttftP50Ms").getAttribute("data-verdict")).toBe("better");
  });

  it("says unpaired when the runs sent different inputs, and still judges", () => {
    renderDiff({ oldRecords: run("steady", 1), newRecords: run("steady", 2, 1.5), targetIds: ["steady"], paired: false });
    expect(screen.getByTestId("run-diff").getAttribute("data-paired")).toBe("false");
    const p50 = diffRow("steady", "latencyP50Ms");
    expect(p50.getAttribute("data-test")).toBe("unpaired");
    expect(p50.getAttribute("data-verdict")).toBe("worse");
  });

  it("judges the error rate as a proportion: 1 in 4 to 2 in 4 is noise, 0 in 60 to 15 in 60 is worse", () => {
    const failure = (inputIndex: number) => makeRecord({ targetId: "flaky", inputIndex, status: "error", errorKind: "http_5xx", httpStatus: 500 });
    renderDiff({
      oldRecords: [...run("flaky", 1, 1, 3), failure(3)],
      newRecords: [...run("flaky", 2, 1, 2), failure(2), failure(3)],
      targetIds: ["flaky"],
    });
    const small = diffRow("flaky", "errorRate");
    expect(cellText(small, "old")).toBe("25.0%");
    expect(cellText(small, "new")).toBe("50.0%");
    expect(cellText(small, "change")).toBe("+25.0 pp");
    expect(cellText(small, "percentChange")).toBe("+100.0%");
    expect(small.getAttribute("data-test")).toBe("proportions");
    expect(small.getAttribute("data-verdict")).toBe("within-noise");
    cleanup();

    renderDiff({
      oldRecords: run("flaky", 1),
      newRecords: [...run("flaky", 2, 1, 45), ...Array.from({ length: 15 }, (_, index) => failure(45 + index))],
      targetIds: ["flaky"],
    });
    expect(diffRow("flaky", "errorRate").getAttribute("data-verdict")).toBe("worse");
    expect(diffRow("flaky", "failureRate").getAttribute("data-verdict")).toBe("worse");
  });

  it("judges nothing where there is nothing to compare", () => {
    renderDiff({ oldRecords: [], newRecords: run("new-target", 1, 1, 3), targetIds: ["new-target"] });
    const row = diffRow("new-target", "latencyP50Ms");
    expect(cellText(row, "old")).toBe("—");
    expect(cellText(row, "change")).toBe("—");
    expect(row.hasAttribute("data-verdict")).toBe(false);
  });

  it("shows the values and rates before the records are read, judging the rates only", () => {
    const oldRecords = run("steady", 1);
    const newRecords = run("steady", 2, 1.5);
    render(
      <RunDiff
        oldRows={summarize(oldRecords, ["steady"])}
        newRows={summarize(newRecords, ["steady"])}
        oldRecords={null}
        newRecords={null}
        paired
        scenario={makeScenario(["steady"])}
      />,
    );
    expect(diffRow("steady", "latencyP50Ms").hasAttribute("data-verdict")).toBe(false);
    expect(diffRow("steady", "errorRate").getAttribute("data-verdict")).toBe("same");
    expect(screen.getByText(/Reading the records/)).toBeTruthy();
  });
});
