// @vitest-environment happy-dom
// A run too large to read whole: the comparison is drawn from its columns, the views that need every
// record say why they are left out, and the records table reads the rows in view from the store.
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { RequestRecord } from "../../src/core/record";
import { recordColumns } from "../../src/core/record/record-columns";
import { summarize } from "../../src/core/stats";
import { getAppDb } from "../../src/store/db";
import { appendRecords, deleteRecordsOfRun, readRecordColumns } from "../../src/store/record-store";
import { RECORD_ROW_HEIGHT_PX, StoredRecordsTable } from "../../src/ui/features/compare/records/records-table";
import { filterPositions, NO_FILTER } from "../../src/ui/features/compare/records/records-filter";
import { RunComparison } from "../../src/ui/features/compare/run-comparison";
import { VerdictPanel } from "../../src/ui/features/compare/verdict/verdict-panel";
import { describeTargets } from "../../src/ui/features/compare/target-info";
import { makeRecord, makeScenario } from "./compare-fixtures";
import { stubViewportHeight } from "./scroll-viewport";
import { renderInApp } from "./ui/app-providers";

const RUN_ID = "large-run";
const COUNT = 3_500;
const VIEWPORT_HEIGHT_PX = 420;

// Every 10th request fails (odd tens rate-limited, even ones timed out); every 7th output failed a check.
const records: RequestRecord[] = Array.from({ length: COUNT }, (_, index) => {
  const failed = index % 10 === 9;
  return makeRecord({
    runId: RUN_ID,
    targetId: index % 2 === 0 ? "fast" : "slow",
    inputIndex: index,
    startedAt: 1_700_000_000_000 + index,
    latencyMs: 100 + (index % 50),
    status: failed ? "error" : "ok",
    errorKind: failed ? (index % 20 === 19 ? "rate_limited" : "timeout") : null,
    checksPassed: index % 7 === 0 ? false : true,
  });
});
const targets = describeTargets(["fast", "slow"]);

stubViewportHeight("pb-records-scroll", VIEWPORT_HEIGHT_PX);
beforeEach(async () => {
  await appendRecords(getAppDb(), records.slice(0, 1200));
  await appendRecords(getAppDb(), records.slice(1200));
});
afterEach(async () => {
  cleanup();
  await deleteRecordsOfRun(getAppDb(), RUN_ID);
});

const shownInputIndexes = (): number[] => screen.queryAllByTestId("record-row").map((row) => Number(row.children[1]?.textContent));

describe("filterPositions", () => {
  it("keeps the positions a filter on records would keep, in order", () => {
    const columns = recordColumns(records);
    expect(filterPositions(columns, NO_FILTER)).toBeNull();
    const cases = [
      { ...NO_FILTER, targetId: "slow" },
      { ...NO_FILTER, status: "error" as const },
      { ...NO_FILTER, status: "ok" as const, checks: "failed" as const },
      { ...NO_FILTER, errorKind: "rate_limited" as const, targetId: "slow" },
      { ...NO_FILTER, checks: "unchecked" as const },
      { ...NO_FILTER, targetId: "nobody" },
    ];
    for (const filter of cases) {
      const expected = records.flatMap((record, position) =>
        (filter.targetId === null || record.targetId === filter.targetId) &&
        (filter.status === null || record.status === filter.status) &&
        (filter.errorKind === null || record.errorKind === filter.errorKind) &&
        (filter.checks === null || (filter.checks === "failed" ? record.checksPassed === false : filter.checks === "passed" ? record.checksPassed === true : record.checksPassed === null))
          ? [position]
          : [],
      );
      expect(Array.from(filterPositions(columns, filter)!)).toEqual(expected);
    }
  });
});

describe("StoredRecordsTable", () => {
  it("reads the rows in view from the store, and again where the table is scrolled or filtered to", async () => {
    const columns = await readRecordColumns(getAppDb(), RUN_ID);
    renderInApp(<StoredRecordsTable runId={RUN_ID} columns={columns} targets={targets} />);
    expect(screen.getByTestId("records-count").textContent).toBe("3,500 records");
    await waitFor(() => expect(shownInputIndexes()[0]).toBe(0));
    expect(shownInputIndexes().length).toBeGreaterThanOrEqual(Math.floor(VIEWPORT_HEIGHT_PX / RECORD_ROW_HEIGHT_PX));

    const viewport = screen.getByTestId("records-table").querySelector<HTMLElement>(".pb-records-scroll")!;
    act(() => {
      viewport.scrollTop = 2_500 * RECORD_ROW_HEIGHT_PX;
      fireEvent.scroll(viewport);
    });
    await waitFor(() => expect(shownInputIndexes()).toContain(2_505));
    expect(Math.min(...shownInputIndexes())).toBeGreaterThan(2_400);

    act(() => {
      viewport.scrollTop = 0;
      fireEvent.scroll(viewport);
    });
    fireEvent.change(screen.getByLabelText("Error kind"), { target: { value: "rate_limited" } });
    expect(screen.getByTestId("records-count").textContent).toBe("175 of 3,500 records");
    // Failures 20 apart: the rows in view span pages, each read when needed.
    await waitFor(() => expect(shownInputIndexes().slice(0, 3)).toEqual([19, 39, 59]));
    expect(screen.queryAllByTestId("record-row-pending")).toHaveLength(0);
  });
});

describe("RunComparison of a large run", () => {
  it("draws the charts from the columns, says which views are left out, and lists the records from the store", async () => {
    const scenario = makeScenario(["fast", "slow"]);
    const columns = await readRecordColumns(getAppDb(), RUN_ID);
    renderInApp(<RunComparison runId={RUN_ID} scenario={scenario} records={null} columns={columns} large runLabel="Run" summary={summarize(records, ["fast", "slow"])} />);
    await waitFor(() => expect(screen.getByTestId("large-run-notice").textContent).toContain("3,500 records"));
    // Both ECDFs (latency and TTFT) count each target's successful measured requests.
    const ok = (targetId: string) => records.filter((record) => record.targetId === targetId && record.status === "ok").length;
    expect([ok("fast"), ok("slow")]).toEqual([1_750, 1_400]);
    for (const note of screen.getAllByTestId("ecdf-band-widths")) expect(note.textContent).toMatch(/fast: .*\(n = 1,750\) · slow: .*\(n = 1,400\)/);
    expect(screen.getAllByTestId("ecdf-band-widths")).toHaveLength(2);
    expect(screen.queryByTestId("outputs-by-input")).toBeNull();
    expect(screen.queryByTestId("agreement-section")).toBeNull();
    expect(screen.queryByTestId("records-loading")).toBeNull();
    await waitFor(() => expect(shownInputIndexes()[0]).toBe(0));
    expect((screen.getByTestId("export-records-csv") as HTMLButtonElement).disabled).toBe(false);
  });
});

describe("VerdictPanel of a large run", () => {
  it("says the paired objectives are left to the command line instead of reading records forever", () => {
    // A streamed run measures the three paired objectives: latency, TTFT and tokens/s.
    const plain = makeScenario(["fast", "slow"]);
    const streamed = { ...plain, run: { ...plain.run, stream: true } };
    renderInApp(<VerdictPanel scenario={streamed} rows={summarize(records, ["fast", "slow"])} records={null} large />);
    const sentences = screen.getAllByText(/not read whole in the browser/);
    expect(sentences).toHaveLength(3);
    expect(screen.queryByText("Reading the records…")).toBeNull();
  });
});
