// @vitest-environment happy-dom
// Failing outputs one click away: the outputs view's "Failed checks only" and the records table's
// Checks filter show exactly the outputs that failed their checks, with the names of those checks.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import type { RequestRecord } from "../../src/core/record";
import { OutputsByInput } from "../../src/ui/features/compare/outputs/outputs-by-input";
import { RecordsTable } from "../../src/ui/features/compare/records/records-table";
import { describeTargets } from "../../src/ui/features/compare/target-info";
import { makeRecord, makeScenario } from "./compare-fixtures";
import { stubViewportHeight } from "./scroll-viewport";
import { renderInApp } from "./ui/app-providers";

afterEach(cleanup);

stubViewportHeight("pb-records-scroll", 420);

const records: RequestRecord[] = [
  // Input 0: a passes, b fails on its second repetition only.
  makeRecord({ targetId: "a", inputIndex: 0, repetition: 0, output: "a0 good", checksPassed: true }),
  makeRecord({ targetId: "b", inputIndex: 0, repetition: 0, output: "b0 good", checksPassed: true }),
  makeRecord({ targetId: "b", inputIndex: 0, repetition: 1, output: "```json b0 fenced", checksPassed: false, failedChecks: "json-answer" }),
  // Input 1: both pass.
  makeRecord({ targetId: "a", inputIndex: 1, output: "a1 good", checksPassed: true }),
  makeRecord({ targetId: "b", inputIndex: 1, output: "b1 good", checksPassed: true }),
  // Input 2: a fails two checks; b's request failed, so it has no verdict.
  makeRecord({ targetId: "a", inputIndex: 2, output: "<b>a2 too long</b>", checksPassed: false, failedChecks: "json-answer,short" }),
  makeRecord({ targetId: "b", inputIndex: 2, status: "error", errorKind: "timeout", output: null }),
  // A warm-up that failed its checks is not a measured output.
  makeRecord({ targetId: "a", inputIndex: 1, warmup: true, output: "warm-up", checksPassed: false, failedChecks: "short" }),
];
const scenario = makeScenario(["a", "b"], ["first", "second", "third"]);
const targets = describeTargets(["a", "b"]);

function column(targetId: string): HTMLElement {
  const found = screen.getAllByTestId("target-outputs").find((element) => element.getAttribute("data-target-id") === targetId);
  if (found === undefined) throw new Error(`no column for ${targetId}`);
  return found;
}

function shownOutputs(targetId: string): (string | null | undefined)[] {
  return within(column(targetId))
    .queryAllByTestId("attempt-output")
    .map((element) => element.querySelector("pre")?.textContent);
}

describe("failing outputs one click away", () => {
  it("shows only the outputs that failed their checks, input by input, with what failed", () => {
    renderInApp(<OutputsByInput scenario={scenario} records={records} targets={targets} />);
    const toggle = screen.getByLabelText("Failed checks only (2)");
    fireEvent.click(toggle);
    // Inputs without a failing output are no longer offered; the first one with one is shown.
    const options = within(screen.getByLabelText("Input")).getAllByRole("option").map((option) => option.textContent);
    expect(options).toEqual(["#0 (1 failed) — first", "#2 (1 failed) — third"]);
    expect(shownOutputs("a")).toEqual([]);
    expect(within(column("a")).getByText("No failing output for this input.")).toBeTruthy();
    expect(shownOutputs("b")).toEqual(["```json b0 fenced"]);
    expect(within(column("b")).getByTestId("attempt-checks").textContent).toBe("failed: json-answer");

    fireEvent.change(screen.getByLabelText("Input"), { target: { value: "2" } });
    // Output stays literal text even here.
    expect(shownOutputs("a")).toEqual(["<b>a2 too long</b>"]);
    expect(column("a").querySelectorAll("b")).toHaveLength(0);
    expect(within(column("a")).getByTestId("attempt-checks").textContent).toBe("failed: json-answer,short");
    expect(shownOutputs("b")).toEqual([]);

    fireEvent.click(toggle);
    expect(within(screen.getByLabelText("Input")).getAllByRole("option")).toHaveLength(3);
  });

  it("says when no output failed, and offers nothing to click", () => {
    const passing = records.filter((record) => record.checksPassed !== false);
    renderInApp(<OutputsByInput scenario={scenario} records={passing} targets={targets} />);
    const toggle = screen.getByLabelText("No output failed its checks") as HTMLInputElement;
    expect(toggle.disabled).toBe(true);
  });

  it("offers no checks toggle for a run without checks", () => {
    renderInApp(<OutputsByInput scenario={scenario} records={[makeRecord({ targetId: "a" })]} targets={targets} />);
    expect(screen.queryByLabelText(/checks/i)).toBeNull();
  });

  it("filters the records table to the failed checks, naming them", () => {
    renderInApp(<RecordsTable records={records} targets={targets} />);
    fireEvent.change(screen.getByLabelText("Checks"), { target: { value: "failed" } });
    // The warm-up is in the records table (it lists every attempt), so three rows.
    expect(screen.getByTestId("records-count").textContent).toBe("3 of 8 records");
    const cells = screen.getAllByTestId("record-row").map((row) => row.querySelectorAll("td")[12]?.textContent);
    expect(cells).toEqual(["failed: json-answer", "failed: json-answer,short", "failed: short"]);
    fireEvent.change(screen.getByLabelText("Checks"), { target: { value: "unchecked" } });
    expect(screen.getByTestId("records-count").textContent).toBe("1 of 8 records");
  });
});
