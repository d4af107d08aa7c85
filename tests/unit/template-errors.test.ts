// Template errors placed in the source (line:column) from @huggingface/jinja's token stream, the preview
// of rendered rows, and the variables a template reads.
import { describe, expect, it } from "vitest";
import { formatTemplateError, parseTemplateWithPosition, checkTemplateRows, renderRow, templateVariables } from "../../src/core/template";

function syntaxError(source: string) {
  const parsed = parseTemplateWithPosition(source);
  if (parsed.ok) throw new Error("parsed");
  return parsed.error;
}

describe("syntax errors", () => {
  it("places a lexer error at the offending character", () => {
    expect(syntaxError("Say hi\nto {{ a $ b }}")).toEqual({ message: "Unexpected character: $", position: { line: 2, column: 9 } });
  });

  it("places an unterminated string where it opens", () => {
    expect(syntaxError("{{ 'abc }}").position).toEqual({ line: 1, column: 4 });
  });

  it("places a parser error at the token it failed on", () => {
    const error = syntaxError("line one\n  {{ topic question }}");
    expect(error.message).toContain("Expected closing expression token");
    expect(error.position).toEqual({ line: 2, column: 12 });
    expect(syntaxError("Hi {{ name }").position).toEqual({ line: 1, column: 12 });
  });

  it("says what an unclosed block means, at the end of the template", () => {
    expect(syntaxError("{% if x %}\nyes")).toEqual({
      message: "the template ends inside an unclosed block or expression (a missing {% end… %}, }} or %}?)",
      position: { line: 2, column: 4 },
    });
  });
});

describe("rendering", () => {
  it("renders one row, and places a runtime error at the name that failed", () => {
    const source = "About {{ topic }}:\n{{ topic | shout }}";
    const parsed = parseTemplateWithPosition(source);
    if (!parsed.ok) throw new Error("syntax");
    const failed = renderRow(parsed.template, source, { topic: "sea" });
    expect(failed.ok === false && formatTemplateError(failed.error)).toBe("line 2, column 12: Unknown StringValue filter: shout");
    const fine = parseTemplateWithPosition("About {{ topic | upper }}");
    expect(fine.ok && renderRow(fine.template, "About {{ topic | upper }}", { topic: "sea" })).toEqual({ ok: true, text: "About SEA" });
  });

  it("checks every row, naming the ones that fail and the variables no row fills", () => {
    const check = checkTemplateRows("{{ ask(q) }} {{ topic }} {{ tone }}", [{ q: 1, topic: "a" }, { q: 2, topic: "b" }]);
    expect(check.syntax).toBeNull();
    expect(check.failedRows).toBe(2);
    expect(check.rowErrors.map((row) => [row.index, row.error.position])).toEqual([
      [0, { line: 1, column: 4 }],
      [1, { line: 1, column: 4 }],
    ]);
    expect(check.unfilledVariables).toEqual(["tone"]);
  });
});

describe("templateVariables", () => {
  it("lists what the template reads, not its keywords, attributes, filters, loop variables or sets", () => {
    expect(templateVariables("{% set greeting = 'hi' %}{% for item in items %}{{ item.name | upper }} {{ greeting }} {{ loop.index }}{% endfor %}{% if topic is defined %}{{ topic }}{% endif %}")).toEqual(["items", "topic"]);
  });
});
