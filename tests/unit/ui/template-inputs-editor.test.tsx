// @vitest-environment happy-dom
// The template inputs editor in a browser DOM: syntax errors at line:column as the template is typed,
// CSV/JSONL import (quotes, embedded newlines, a BOM, blank lines) with a column mapping and errors naming
// the row, each row's rendered input, and 10,000 rows drawn a screenful at a time.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { TemplateInputsEditor, type TemplateInputsValue } from "../../../src/ui/features/editor/datasets";
import { stubViewportHeight } from "../scroll-viewport";

afterEach(cleanup);

stubViewportHeight("variables-scroll", 360);

let latest: TemplateInputsValue | null = null;

function Harness({ initial }: { initial: TemplateInputsValue }) {
  const [value, setValue] = useState(initial);
  return (
    <TemplateInputsEditor
      task="chat-completion"
      value={value}
      onChange={(next) => {
        latest = next;
        setValue(next);
      }}
    />
  );
}

function importFile(name: string, content: string): void {
  const input = screen.getByTestId("dataset-file");
  fireEvent.change(input, { target: { files: [new File([content], name, { type: "text/plain" })] } });
}

const renderedInputs = (): string[] => screen.queryAllByTestId("rendered-input").map((element) => element.textContent ?? "");

describe("TemplateInputsEditor", () => {
  it("shows a syntax error with its line and column as the template is typed", () => {
    render(<Harness initial={{ template: "Explain {{ topic }}.", variables: [{ topic: "TTFT" }] }} />);
    expect(screen.queryByTestId("template-syntax-error")).toBeNull();
    fireEvent.change(screen.getByLabelText("Template (Jinja)"), { target: { value: "Explain\n  {{ topic $ }}" } });
    expect(screen.getByTestId("template-syntax-error").textContent).toBe("line 2, column 12: Unexpected character: $");
    expect(screen.getByLabelText("Template (Jinja)").getAttribute("aria-invalid")).toBe("true");
  });

  it("imports a tricky CSV, previews every row rendered, and maps a column to another variable", async () => {
    render(<Harness initial={{ template: "In {{ words }} words: {{ topic }}", variables: [{ topic: "x", words: 1 }] }} />);
    importFile("rows.csv", '\uFEFFsubject,words\r\n"salt, ""sea""",10\r\n\r\n"two\nlines",20\r\n');
    await waitFor(() => expect(screen.getAllByTestId("variables-row")).toHaveLength(2));
    // Until mapped, "subject" fills a variable the template does not read, and "topic" prints nothing.
    expect(renderedInputs()).toEqual(["In 10 words: ", "In 20 words: "]);
    await waitFor(() => expect(screen.getByTestId("template-check").textContent).toContain("“topic”, which no row fills"));
    fireEvent.change(screen.getByLabelText("subject →"), { target: { value: "topic" } });
    expect(renderedInputs()).toEqual(['In 10 words: salt, "sea"', "In 20 words: two\nlines"]);
    expect(latest?.variables).toEqual([
      { topic: 'salt, "sea"', words: "10" },
      { topic: "two\nlines", words: "20" },
    ]);
    await waitFor(() => expect(screen.getByTestId("template-check-ok").textContent).toBe("2 inputs, every row renders."));
  });

  it("refuses a bad file with the row, the line and the reason, and keeps the table", async () => {
    render(<Harness initial={{ template: "{{ topic }}", variables: [{ topic: "kept" }] }} />);
    importFile("bad.jsonl", '{"topic":"a"}\n{"topic":[1]}\n');
    await waitFor(() => expect(screen.getByTestId("dataset-errors").textContent).toBe('row 2 (line 2), field "topic": must be a string, a number or a boolean, not an array'));
    expect(renderedInputs()).toEqual(["kept"]);
  });

  it("places a rendering error in the template for the row that fails", async () => {
    render(<Harness initial={{ template: "{{ topic | shout }}", variables: [{ topic: "a" }] }} />);
    expect(renderedInputs()).toEqual(["line 1, column 12: Unknown StringValue filter: shout"]);
    await waitFor(() => expect(screen.getByTestId("template-row-errors").textContent).toBe("row 1: line 1, column 12: Unknown StringValue filter: shout"));
  });

  it("edits a typed table: a cell, a new row, a new column", () => {
    render(<Harness initial={{ template: "{{ topic }} {{ tone }}", variables: [{ topic: "sea" }] }} />);
    fireEvent.change(screen.getByLabelText("topic, row 1"), { target: { value: "sky" } });
    fireEvent.click(screen.getByRole("button", { name: "Add a row" }));
    fireEvent.change(screen.getByLabelText("New column name"), { target: { value: "tone" } });
    fireEvent.click(screen.getByRole("button", { name: "Add a column" }));
    fireEvent.change(screen.getByLabelText("tone, row 1"), { target: { value: "calm" } });
    expect(latest?.variables).toEqual([
      { topic: "sky", tone: "calm" },
      { topic: "", tone: "" },
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Remove row 2" }));
    expect(latest?.variables).toEqual([{ topic: "sky", tone: "calm" }]);
  });

  it("imports 10,000 rows and draws only a screenful of them", async () => {
    const lines = ["topic"];
    for (let index = 0; index < 10_000; index++) lines.push(`"topic ${index}, quoted"`);
    render(<Harness initial={{ template: "About {{ topic }}", variables: [] }} />);
    importFile("big.csv", lines.join("\n"));
    await waitFor(() => expect(latest?.variables).toHaveLength(10_000), { timeout: 30_000 });
    const drawn = screen.getAllByTestId("variables-row").length;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(40);
    expect(renderedInputs()[0]).toBe("About topic 0, quoted");
    await waitFor(() => expect(screen.getByTestId("template-check-ok").textContent).toBe("10,000 inputs, every row renders."), { timeout: 30_000 });
    expect(within(screen.getByTestId("variables-rows")).getByLabelText("topic, row 1")).toBeTruthy();
  });
});
