// CSV and JSONL datasets on tricky files: quotes, embedded newlines, a BOM, blank lines, CRLF, ragged
// rows, 10,000 rows; errors name the row, the line and the reason.
import { describe, expect, it } from "vitest";
import { checkColumnMapping, formatDatasetError, mapRows, parseCsvDataset, parseJsonlDataset, type DatasetParseResult } from "../../../src/core/datasets";

function table(result: DatasetParseResult) {
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.table;
}

describe("parseCsvDataset", () => {
  it("reads quoted fields with commas, doubled quotes and newlines inside, after a BOM, with CRLF and blank lines", () => {
    const text = '\uFEFFtopic,question\r\n"sea, salt","He said ""hi""\r\nthen left"\r\n\r\n\r\nplain,"two\nlines"\r\n';
    const result = table(parseCsvDataset(text));
    expect(result.columns).toEqual(["topic", "question"]);
    expect(result.rows).toEqual([
      { topic: "sea, salt", question: 'He said "hi"\r\nthen left' },
      { topic: "plain", question: "two\nlines" },
    ]);
    // Row 2 starts on line 6: the first row spans lines 2-3, then two blank lines.
    expect(result.lines).toEqual([2, 6]);
  });

  it("names the row and the line of a row with the wrong number of fields", () => {
    const result = parseCsvDataset('a,b\n1,2\n"x\ny",2,3\n4\n');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.map(formatDatasetError)).toEqual([
      "row 2 (line 3): 3 fields, but the header names 2 columns",
      "row 3 (line 5): 1 field, but the header names 2 columns",
    ]);
  });

  it("names an unclosed quote, an empty or repeated column name, and an empty file", () => {
    const unclosed = parseCsvDataset('a,b\n1,"open\n2,3\n');
    expect(!unclosed.ok && unclosed.errors.map(formatDatasetError)[0]).toBe('row 1 (line 2): a quoted field is never closed (a missing " ?)');
    const header = parseCsvDataset("a,,a\n1,2,3\n");
    expect(!header.ok && header.errors.map(formatDatasetError)).toEqual([
      "line 1: column 2 has no name in the header row",
      'line 1, field "a": column 3 repeats the name of column 1',
    ]);
    expect(!parseCsvDataset("\n\n").ok).toBe(true);
    const headerOnly = parseCsvDataset("a,b\n");
    expect(!headerOnly.ok && headerOnly.errors.map(formatDatasetError)).toEqual(["no rows under the header"]);
  });

  it("reads 10,000 rows with their line numbers", () => {
    const lines = ["id,prompt"];
    for (let index = 0; index < 10_000; index++) lines.push(`${index},"row ${index}, with a comma"`);
    const result = table(parseCsvDataset(lines.join("\n")));
    expect(result.rows).toHaveLength(10_000);
    expect(result.rows[9_999]).toEqual({ id: "9999", prompt: "row 9999, with a comma" });
    expect(result.lines[9_999]).toBe(10_001);
  });
});

describe("parseJsonlDataset", () => {
  it("reads one object per line, skipping blank lines and a BOM, keeping numbers and booleans", () => {
    const result = table(parseJsonlDataset('\uFEFF{"topic":"sea","n":3}\r\n\r\n{"topic":"line\\nbreak","hot":true}\n'));
    expect(result.columns).toEqual(["topic", "n", "hot"]);
    expect(result.rows).toEqual([{ topic: "sea", n: 3 }, { topic: "line\nbreak", hot: true }]);
    expect(result.lines).toEqual([1, 3]);
  });

  it("names the row, the line and the field of what it refuses", () => {
    const result = parseJsonlDataset('{"a":1}\n\n[1]\n{"a":\n{"a":null}\n{"a":{"b":1}}\n');
    expect(!result.ok && result.errors.map(formatDatasetError)).toEqual([
      "row 2 (line 3): must be a JSON object ({\"name\": \"value\", …}), not an array",
      expect.stringMatching(/^row 3 \(line 4\): not JSON: /),
      'row 4 (line 5), field "a": must be a string, a number or a boolean, not null',
      'row 5 (line 6), field "a": must be a string, a number or a boolean, not object',
    ]);
  });
});

describe("column mapping", () => {
  const source = table(parseCsvDataset("Topic,notes,q\nsea,x,why\n"));

  it("fills each variable from its column, renamed or left out", () => {
    expect(mapRows(source, { Topic: "topic", notes: null })).toEqual([{ topic: "sea", q: "why" }]);
  });

  it("refuses a name a template cannot read and two columns filling one variable", () => {
    expect(checkColumnMapping(source.columns, { Topic: "my topic", q: "notes" })).toEqual([
      { column: "Topic", message: '"my topic" cannot be a template variable: letters, digits and _ only, not starting with a digit' },
      { column: "q", message: 'fills notes, which column "notes" fills already' },
    ]);
  });
});

describe("parseCsvDataset, one column or semicolons", () => {
  it("reads a single column, and a file separated by semicolons", () => {
    expect(table(parseCsvDataset("topic\nsea\nsky\n")).rows).toEqual([{ topic: "sea" }, { topic: "sky" }]);
    expect(table(parseCsvDataset("topic;words\nsea;3\n")).rows).toEqual([{ topic: "sea", words: "3" }]);
  });
});
