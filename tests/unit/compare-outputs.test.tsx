// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { OutputsByInput } from "../../src/ui/features/compare/outputs/outputs-by-input";
import { describeTargets } from "../../src/ui/features/compare/target-info";
import { makeRecord, makeScenario } from "./compare-fixtures";
import { renderInApp } from "./ui/app-providers";

afterEach(cleanup);

const HOSTILE_OUTPUT = 'Sure! <img src=x onerror=alert(1)> and <script>alert("xss")</script> <b>bold</b>';

function targetColumn(targetId: string): HTMLElement {
  const column = screen.getAllByTestId("target-outputs").find((element) => element.getAttribute("data-target-id") === targetId);
  if (column === undefined) throw new Error(`no column for ${targetId}`);
  return column;
}

describe("OutputsByInput", () => {
  it("shows model output as literal text and creates no elements from it", () => {
    const { container } = renderInApp(
      <OutputsByInput
        scenario={makeScenario(["evil"])}
        records={[makeRecord({ targetId: "evil", output: HOSTILE_OUTPUT })]}
        targets={describeTargets(["evil"])}
      />,
    );
    const output = container.querySelector(".pb-output");
    expect(output?.tagName).toBe("PRE");
    expect(output?.textContent).toBe(HOSTILE_OUTPUT);
    expect(container.querySelectorAll("img, script, b")).toHaveLength(0);
  });

  it("shows error messages as literal text too", () => {
    const { container } = renderInApp(
      <OutputsByInput
        scenario={makeScenario(["evil"])}
        records={[makeRecord({ targetId: "evil", status: "error", errorKind: "bad_response", httpStatus: null, errorMessage: "<img src=x onerror=alert(1)>", output: null })]}
        targets={describeTargets(["evil"])}
      />,
    );
    expect(container.textContent).toContain("bad_response: <img src=x onerror=alert(1)>");
    expect(container.querySelectorAll("img")).toHaveLength(0);
  });

  it("puts each target's first successful measured answer side by side for the chosen input", () => {
    const records = [
      makeRecord({ targetId: "a", inputIndex: 0, output: "a0" }),
      makeRecord({ targetId: "b", inputIndex: 0, repetition: 0, status: "error", errorKind: "timeout", output: null }),
      makeRecord({ targetId: "b", inputIndex: 0, repetition: 1, output: "b0 second try" }),
      makeRecord({ targetId: "b", inputIndex: 0, repetition: 0, warmup: true, output: "warm-up, not shown" }),
      makeRecord({ targetId: "a", inputIndex: 1, output: "a1" }),
      makeRecord({ targetId: "b", inputIndex: 1, output: "b1" }),
    ];
    renderInApp(
      <OutputsByInput scenario={makeScenario(["a", "b"], ["first prompt", "second prompt"])} records={records} targets={describeTargets(["a", "b"])} />,
    );
    expect(screen.getByTestId("input-prompt").textContent).toBe("first prompt");
    expect(within(targetColumn("a")).getByText("a0")).toBeTruthy();
    expect(within(targetColumn("b")).getByText("b0 second try")).toBeTruthy();
    expect(screen.queryByText("warm-up, not shown")).toBeNull();

    fireEvent.change(screen.getByLabelText("Input"), { target: { value: "1" } });
    expect(screen.getByTestId("input-prompt").textContent).toBe("second prompt");
    expect(within(targetColumn("b")).getByText("b1")).toBeTruthy();
  });

  it("shows every measured repetition on request", () => {
    const records = [
      makeRecord({ targetId: "a", repetition: 0, output: "first" }),
      makeRecord({ targetId: "a", repetition: 1, output: "second" }),
    ];
    renderInApp(<OutputsByInput scenario={makeScenario(["a"])} records={records} targets={describeTargets(["a"])} />);
    expect(screen.getAllByTestId("attempt-output")).toHaveLength(1);
    fireEvent.click(screen.getByLabelText("All repetitions"));
    expect(screen.getAllByTestId("attempt-output").map((element) => element.querySelector("pre")?.textContent)).toEqual(["first", "second"]);
  });
});
