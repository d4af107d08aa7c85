// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import { summarize } from "../../src/core/stats";
import { LiveSummary } from "../../src/ui/features/compare/summary-table/live-summary";
import { RunComparison } from "../../src/ui/features/compare/run-comparison";
import { bundledScenario, makeRecord, makeScenario, recordsWithLatencies } from "./compare-fixtures";
import { recordColumns } from "../../src/core/record/record-columns";
import { renderInApp } from "./ui/app-providers";

afterEach(cleanup);

const records = [
  makeRecord({ targetId: "fast", warmup: true, latencyMs: 5000 }),
  ...recordsWithLatencies("fast", [100, 110, 120]),
  ...recordsWithLatencies("slow", [300, 310]),
  makeRecord({ targetId: "slow", status: "error", errorKind: "rate_limited", httpStatus: 429, output: null }),
];

describe("RunComparison", () => {
  it("mounts every part of the comparison for a run, one summary row per scenario target", () => {
    renderInApp(<RunComparison runId="run-1" scenario={makeScenario(["fast", "slow"])} records={records} columns={recordColumns(records)} large={false} runLabel="Run 1" summary={summarize(records, ["fast", "slow"])} />);
    expect(screen.getAllByTestId("summary-row").map((row) => row.getAttribute("data-target-id"))).toEqual(["fast", "slow"]);
    expect(screen.getByTestId("outputs-by-input")).toBeTruthy();
    expect(screen.getByTestId("records-table")).toBeTruthy();
    expect(screen.getByTestId("export-records-csv")).toBeTruthy();
    expect(screen.getByText(/1 warm-up attempts are left out/)).toBeTruthy();
  });
});

describe("RunComparison while a large run's records are read", () => {
  const scenario = makeScenario(["fast", "slow"]);
  const nCell = (targetId: string) =>
    screen.getAllByTestId("summary-row").find((row) => row.getAttribute("data-target-id") === targetId)?.querySelector('[data-column="requests"]')?.textContent;

  it("shows the summary stored with the run before any record is read, and the read's progress in place of the rest", () => {
    // Stored rows that the records below would not give: the table can only have come from them.
    const storedSummary = summarize([...recordsWithLatencies("fast", [100, 100, 100, 100]), ...recordsWithLatencies("slow", [300])], ["fast", "slow"]);
    renderInApp(<RunComparison runId="run-1" scenario={scenario} records={null} columns={null} large={false} runLabel="Run 1" summary={storedSummary} recordsProgress={{ loaded: 5000, total: 100_000 }} />);
    expect(nCell("fast")).toBe("4");
    expect(nCell("slow")).toBe("1");
    expect(screen.getByTestId("records-loading").textContent).toContain("Loading records… 5,000 of 100,000");
    expect(screen.queryByTestId("records-table")).toBeNull();
    expect(screen.queryByTestId("outputs-by-input")).toBeNull();
  });

  it("keeps the stored summary once the records are read, and adds charts, outputs and records", () => {
    const storedSummary = summarize(records, ["fast", "slow"]);
    const { rerender } = renderInApp(<RunComparison runId="run-1" scenario={scenario} records={null} columns={null} large={false} runLabel="Run 1" summary={storedSummary} />);
    rerender(<RunComparison runId="run-1" scenario={scenario} records={records} columns={recordColumns(records)} large={false} runLabel="Run 1" summary={storedSummary} />);
    expect(nCell("fast")).toBe("3");
    expect(screen.getByTestId("records-table")).toBeTruthy();
    expect(screen.getByTestId("outputs-by-input")).toBeTruthy();
    expect(screen.queryByTestId("records-loading")).toBeNull();
  });

  it("shows the read's progress and no summary rows while the run has no summary yet", () => {
    renderInApp(<RunComparison runId="run-1" scenario={scenario} records={null} columns={null} large={false} runLabel="Run 1" summary={null} recordsProgress={{ loaded: 0, total: 6 }} />);
    expect(screen.queryAllByTestId("summary-row")).toHaveLength(0);
    expect(screen.getByTestId("records-loading").textContent).toContain("0 of 6");
  });
});

describe("LiveSummary", () => {
  it("shows the rows it is given, one per target, in their order", () => {
    const rows = summarize([...recordsWithLatencies("fast", [100]), ...recordsWithLatencies("slow", [300, 300])], ["slow", "fast"]);
    renderInApp(<LiveSummary rows={rows} scenario={makeScenario(["slow", "fast"])} />);
    const nCell = (targetId: string) =>
      screen.getAllByTestId("live-summary-row").find((row) => row.getAttribute("data-target-id") === targetId)?.querySelector('[data-column="requests"]')?.textContent;
    expect(screen.getAllByTestId("live-summary-row").map((row) => row.getAttribute("data-target-id"))).toEqual(["slow", "fast"]);
    expect(nCell("fast")).toBe("1");
    expect(nCell("slow")).toBe("2");
  });
});

describe("the default columns of a speech-recognition run", () => {
  // Transcripts of 4-second recordings: the real-time factor is latency / 4 s.
  const speech = bundledScenario("sandbox-speech-recognition.json");
  const speechRecords = ["fast", "slow"].flatMap((targetId, index) =>
    recordsWithLatencies(targetId, [1000 * (index + 1), 1000 * (index + 1)]).map((record) => ({ ...record, ttftMs: null, inputAudioSeconds: 4 })),
  );
  const speechRows = summarize(speechRecords, ["fast", "slow"]);
  const columnsOf = (testId: string): string[] => [...screen.getByTestId(testId).querySelectorAll<HTMLElement>("thead th")].map((header) => header.dataset.column ?? "");
  const UNMEASURED = ["ttftP50Ms", "outputTokensPerSecondP50", "costPer1000RequestsUsd", "checksPassRate", "sloAttainment", "goodput", "droppedRequests"];

  it("lead the compare table with the real-time factor, with no TTFT, tokens/s, cost, pass-rate, SLO or dropped column", () => {
    renderInApp(<RunComparison runId="run-1" scenario={speech} records={null} columns={null} large={false} runLabel="Run 1" summary={speechRows} />);
    expect(columnsOf("summary-table")).toEqual(expect.arrayContaining(["realTimeFactorP50", "audioSecondsPerSecondP50", "latencyP50Ms"]));
    for (const id of UNMEASURED) expect(columnsOf("summary-table")).not.toContain(id);
    const rtf = screen.getByTestId("summary-table").querySelector('tr[data-target-id="slow"] [data-column="realTimeFactorP50"]');
    expect(rtf?.textContent).toMatch(/^0\.50(?!\d)/);
  });

  it("show the real-time factor in the Run page's live summary too", () => {
    renderInApp(<LiveSummary rows={speechRows} scenario={speech} />);
    expect(columnsOf("live-summary")).toContain("realTimeFactorP50");
    for (const id of UNMEASURED) expect(columnsOf("live-summary")).not.toContain(id);
    const rtf = screen.getByTestId("live-summary").querySelector('tr[data-target-id="fast"] [data-column="realTimeFactorP50"]');
    expect(rtf?.textContent).toBe("0.25");
  });
});
