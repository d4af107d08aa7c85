// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { AgreementTables } from "../../../src/ui/features/compare/agreement/agreement-tables";
import { describeTargets } from "../../../src/ui/features/compare/target-info";
import { requestRecord } from "../request-record";

afterEach(cleanup);

const transcript = (targetId: string, inputIndex: number, text: string) => Object.assign(requestRecord({ targetId, inputIndex, output: text }), { outputValue: { text } });
const labelled = (targetId: string, inputIndex: number, label: string) => Object.assign(requestRecord({ targetId, inputIndex, output: label }), { outputValue: [{ label, score: 0.9 }] });

describe("AgreementTables", () => {
  it("draws the word error rate matrix with the row as reference, and each target's mean", () => {
    render(<AgreementTables task="automatic-speech-recognition" records={[transcript("a", 0, "a b"), transcript("b", 0, "a b c d")]} targets={describeTargets(["a", "b"])} />);
    const measure = screen.getByTestId("agreement-measure");
    expect(measure.getAttribute("data-measure-id")).toBe("agreementWordErrorRate");
    // a as reference, b judged: 2 insertions / 2 words = 100%; b as reference: 2 deletions / 4 words = 50%.
    expect(measure.querySelector('[data-pair="a→b"]')?.textContent).toBe("100.0% · n=1");
    expect(measure.querySelector('[data-pair="b→a"]')?.textContent).toBe("50.0% · n=1");
    expect(measure.querySelector('[data-target-mean="b"]')?.textContent).toBe("100.0%");
    expect(within(measure).getByRole("region")).toBeTruthy();
  });

  it("gives classification's top-1 matrix and the share of inputs where all agree", () => {
    render(
      <AgreementTables
        task="text-classification"
        records={[labelled("a", 0, "POS"), labelled("b", 0, "POS"), labelled("a", 1, "POS"), labelled("b", 1, "NEG")]}
        targets={describeTargets(["a", "b"])}
      />,
    );
    expect(screen.getByTestId("agreement-unanimous").textContent).toBe("All targets agree on 50.0% of 2 inputs.");
    expect(screen.getByTestId("agreement-measure").querySelector('[data-pair="a→b"]')?.textContent).toBe("50.0% · n=2");
  });

  it("says when the task has no agreement figure", () => {
    render(<AgreementTables task="text-to-image" records={[]} targets={describeTargets(["a", "b"])} />);
    expect(screen.getByText(/No agreement figure is defined for text-to-image/)).toBeTruthy();
  });
});
