// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { RequestRecord } from "../../src/core/record";
import { RECORD_ROW_HEIGHT_PX, RecordsTable } from "../../src/ui/features/compare/records/records-table";
import { describeTargets } from "../../src/ui/features/compare/target-info";
import { makeRecord } from "./compare-fixtures";
import { stubViewportHeight } from "./scroll-viewport";

const RECORD_COUNT = 100_000;
const VIEWPORT_HEIGHT_PX = 420;
/** Rows that fit the viewport, plus generous room for the virtualizer's overscan on both sides. */
const MAX_ROWS_IN_DOM = Math.ceil(VIEWPORT_HEIGHT_PX / RECORD_ROW_HEIGHT_PX) + 2 * 20;

// Every 10th request fails: odd ones rate-limited, even ones timed out.
const records: RequestRecord[] = Array.from({ length: RECORD_COUNT }, (_, index) => {
  const failed = index % 10 === 9;
  return makeRecord({
    targetId: index % 2 === 0 ? "a" : "b",
    inputIndex: index,
    startedAt: 1_700_000_000_000 + index,
    status: failed ? "error" : "ok",
    errorKind: failed ? (index % 20 === 19 ? "rate_limited" : "timeout") : null,
  });
});
const targets = describeTargets(["a", "b"]);

stubViewportHeight("pb-records-scroll", VIEWPORT_HEIGHT_PX);
afterEach(cleanup);

function renderedInputIndexes(): number[] {
  return screen.getAllByTestId("record-row").map((row) => Number(row.children[1]?.textContent));
}

describe("RecordsTable", () => {
  it("renders only a window of rows out of 100,000", () => {
    render(<RecordsTable records={records} targets={targets} />);
    const rows = screen.getAllByTestId("record-row");
    expect(rows.length).toBeGreaterThanOrEqual(Math.floor(VIEWPORT_HEIGHT_PX / RECORD_ROW_HEIGHT_PX));
    expect(rows.length).toBeLessThanOrEqual(MAX_ROWS_IN_DOM);
    expect(renderedInputIndexes()[0]).toBe(0);
    expect(screen.getByTestId("records-count").textContent).toBe("100,000 records");
  });

  it("renders the rows at the scroll position, still a bounded number", () => {
    render(<RecordsTable records={records} targets={targets} />);
    const viewport = screen.getByTestId("records-table").querySelector<HTMLElement>(".pb-records-scroll");
    if (viewport === null) throw new Error("no scroll viewport");
    act(() => {
      viewport.scrollTop = 50_000 * RECORD_ROW_HEIGHT_PX;
      fireEvent.scroll(viewport);
    });
    const shown = renderedInputIndexes();
    expect(shown.length).toBeLessThanOrEqual(MAX_ROWS_IN_DOM);
    expect(shown).toContain(50_005);
    expect(Math.min(...shown)).toBeGreaterThan(49_900);
  });

  it("narrows rows by status, error kind and target", () => {
    render(<RecordsTable records={records} targets={targets} />);
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "error" } });
    expect(screen.getByTestId("records-count").textContent).toBe("10,000 of 100,000 records");
    for (const row of screen.getAllByTestId("record-row")) expect(within(row).getByText("error")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Error kind"), { target: { value: "rate_limited" } });
    expect(screen.getByTestId("records-count").textContent).toBe("5,000 of 100,000 records");
    expect(renderedInputIndexes().slice(0, 3)).toEqual([19, 39, 59]);

    // Every rate-limited request has an odd index, so target "a" (even indexes) has none.
    fireEvent.change(screen.getByLabelText("Target"), { target: { value: "a" } });
    expect(screen.getByTestId("records-count").textContent).toBe("0 of 100,000 records");
    expect(screen.queryAllByTestId("record-row")).toHaveLength(0);
    expect(screen.getByText("No records match these filters.")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Error kind"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "" } });
    expect(screen.getByTestId("records-count").textContent).toBe("50,000 of 100,000 records");
  });
});
