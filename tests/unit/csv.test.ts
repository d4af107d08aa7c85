import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import {
  CsvParseError,
  SUMMARY_COLUMNS,
  neutraliseFormula,
  parseCsvTable,
  recordToCsvLine,
  recordsCsvHeader,
  recordsToCsv,
  summaryToCsv,
} from "../../src/core/csv";
import { RECORD_FIELDS, type RequestRecord } from "../../src/core/record";
import { summarize } from "../../src/core/stats";

function makeRecord(overrides: Partial<RequestRecord> = {}): RequestRecord {
  return {
    runId: "run-1",
    targetId: "groq:llama",
    inputIndex: 3,
    repetition: 1,
    attempt: 1,
    warmup: false,
    startedAt: 1_700_000_000_123,
    ttftMs: 120.5,
    latencyMs: 950.25,
    status: "ok",
    errorKind: null,
    httpStatus: 200,
    errorMessage: null,
    inputTokens: 12,
    outputTokens: 40,
    tokensEstimated: false,
    chunkCount: 41,
    output: "hello",
    outputBytes: 5,
    truncated: false,
    ...overrides,
  };
}

/** Parses CSV text strictly as RFC 4180 (no type guessing), for comparing against what was written. */
function parseBack(csv: string): string[][] {
  const result = Papa.parse<string[]>(csv, { delimiter: ",", newline: "\r\n", skipEmptyLines: true });
  expect(result.errors).toEqual([]);
  return result.data;
}

function cellOf(line: string, field: (typeof RECORD_FIELDS)[number]): string {
  const [cells] = parseBack(line);
  return cells![RECORD_FIELDS.indexOf(field)]!;
}

describe("record CSV", () => {
  it("has RECORD_FIELDS as its header, ending with CRLF", () => {
    expect(recordsCsvHeader()).toBe(`${RECORD_FIELDS.join(",")}\r\n`);
  });

  it("writes one CRLF-terminated line per record in header order", () => {
    const line = recordToCsvLine(makeRecord());
    expect(line.endsWith("\r\n")).toBe(true);
    expect(parseBack(line)).toEqual([
      ["run-1", "groq:llama", "3", "1", "1", "false", "1700000000123", "120.5", "950.25", "ok", "", "200", "", "12", "40", "false", "41", "hello", "5", "false"],
    ]);
  });

  it("quotes commas, quotes, CR/LF and keeps unicode intact", () => {
    const awkwardOutputs = ['a, b', 'she said "hi"', "line 1\r\nline 2", "bare\nnewline", "cr\ronly", "naïve 日本語 🚀", " leading space"];
    for (const output of awkwardOutputs) {
      const line = recordToCsvLine(makeRecord({ output }));
      expect(parseBack(line)).toHaveLength(1);
      expect(cellOf(line, "output")).toBe(output);
    }
  });

  it("renders null as an empty cell and booleans as true/false", () => {
    const line = recordToCsvLine(makeRecord({ ttftMs: null, outputTokens: null, warmup: true, tokensEstimated: true }));
    expect(cellOf(line, "ttftMs")).toBe("");
    expect(cellOf(line, "outputTokens")).toBe("");
    expect(cellOf(line, "warmup")).toBe("true");
    expect(cellOf(line, "tokensEstimated")).toBe("true");
  });

  it("neutralises formula-leading text cells", () => {
    const cases: [string, string][] = [
      ["=1+1", "'=1+1"],
      ["+cmd", "'+cmd"],
      ["-2+3", "'-2+3"],
      ["@SUM(A1)", "'@SUM(A1)"],
      ["\t=1", "'\t=1"],
      ["\r=1", "'\r=1"],
      ["plain text", "plain text"],
    ];
    for (const [input, expected] of cases) {
      expect(neutraliseFormula(input)).toBe(expected);
      expect(cellOf(recordToCsvLine(makeRecord({ errorMessage: input })), "errorMessage")).toBe(expected);
    }
  });

  it("leaves negative numbers as numbers", () => {
    const line = recordToCsvLine(makeRecord({ ttftMs: -3.5, inputIndex: -1 }));
    expect(cellOf(line, "ttftMs")).toBe("-3.5");
    expect(cellOf(line, "inputIndex")).toBe("-1");
  });

  it("joins the header and every record into one file", () => {
    const records = [makeRecord(), makeRecord({ repetition: 2, status: "error", errorKind: "http_5xx", errorMessage: "upstream, sorry" })];
    const csv = recordsToCsv(records);
    expect(csv).toBe(recordsCsvHeader() + recordToCsvLine(records[0]!) + recordToCsvLine(records[1]!));
    expect(parseBack(csv)).toHaveLength(3);
  });
});

describe("summary CSV", () => {
  const rows = summarize(
    [
      makeRecord({ targetId: "a", latencyMs: 100 }),
      makeRecord({ targetId: "a", latencyMs: 300, startedAt: 1_700_000_000_200 }),
      makeRecord({ targetId: "a", status: "error", errorKind: "rate_limited", httpStatus: 429 }),
      makeRecord({ targetId: "=evil" }),
    ],
    ["a", "=evil", "never-ran"],
  );

  it("has the column names as header and one row per SummaryRow", () => {
    const parsed = parseBack(summaryToCsv(rows));
    expect(parsed[0]).toEqual([...SUMMARY_COLUMNS]);
    expect(parsed).toHaveLength(1 + rows.length);
    for (const line of parsed) expect(line).toHaveLength(SUMMARY_COLUMNS.length);
  });

  it("flattens distributions, error kinds and the confidence interval into named columns", () => {
    const [header, first, second, third] = parseBack(summaryToCsv(rows));
    const valueOf = (line: string[] | undefined, column: string) => line![header!.indexOf(column)];
    expect(SUMMARY_COLUMNS).toEqual(expect.arrayContaining(["latencyMs_p50", "ttftMs_p99", "errorsByKind_rate_limited", "latencyP50Ci95_low", "requestsPerSecond"]));
    expect(valueOf(first, "targetId")).toBe("a");
    expect(valueOf(first, "count")).toBe("3");
    expect(valueOf(first, "errorsByKind_rate_limited")).toBe("1");
    expect(valueOf(first, "errorsByKind_timeout")).toBe("0");
    // np.percentile([100, 300], 50)
    expect(valueOf(first, "latencyMs_p50")).toBe("200");
    expect(valueOf(second, "targetId")).toBe("'=evil");
    expect(valueOf(third, "latencyMs_p50")).toBe("");
    expect(valueOf(third, "tokensEstimated")).toBe("false");
  });
});

describe("parseCsvTable", () => {
  it("reads columns and rows, stripping a BOM and ignoring blank trailing lines", () => {
    const table = parseCsvTable("\uFEFFcity,question\r\nParis,Why?\r\nLyon,How?\r\n\r\n  \r\n");
    expect(table).toEqual({
      columns: ["city", "question"],
      rows: [
        { city: "Paris", question: "Why?" },
        { city: "Lyon", question: "How?" },
      ],
    });
  });

  it("round-trips a table with quoted newlines, quotes and commas", () => {
    const columns = ["prompt", "note"];
    const rows = [
      { prompt: "first line\r\nsecond line", note: 'a "quoted" word' },
      { prompt: "x, y and z", note: "ünïcödé ✓" },
    ];
    const text = Papa.unparse({ fields: columns, data: rows.map((row) => columns.map((c) => row[c as keyof typeof row])) }, { newline: "\r\n" });
    expect(parseCsvTable(text)).toEqual({ columns, rows });
  });

  it("names the line of a row with the wrong field count, counting lines inside quoted cells", () => {
    const text = 'a,b,c\n1,2,3\n"multi\nline",5,6\n7,8\n';
    expect(() => parseCsvTable(text)).toThrow(new CsvParseError(5, "expected 3 fields, found 2"));
    try {
      parseCsvTable(text);
    } catch (error) {
      expect(error).toBeInstanceOf(CsvParseError);
      expect((error as CsvParseError).line).toBe(5);
      expect((error as CsvParseError).message).toBe("line 5: expected 3 fields, found 2");
    }
  });

  it("treats a blank line in the middle as a row", () => {
    expect(() => parseCsvTable("a,b\n1,2\n\n3,4\n")).toThrow("line 3: expected 2 fields, found 1");
    expect(parseCsvTable("only\nx\n\ny\n").rows).toEqual([{ only: "x" }, { only: "" }, { only: "y" }]);
  });

  it("names an empty or duplicate column", () => {
    expect(() => parseCsvTable("a,,c\n1,2,3\n")).toThrow("line 1: column 2 has no name");
    expect(() => parseCsvTable("a,b,a\n1,2,3\n")).toThrow('line 1: column "a" appears twice (columns 1 and 3)');
  });

  it("requires a header row", () => {
    expect(() => parseCsvTable("")).toThrow("line 1: header row required");
    expect(() => parseCsvTable("\uFEFF\r\n\r\n")).toThrow("line 1: header row required");
  });

  it("reports an unterminated quote at the line where its row starts", () => {
    expect(() => parseCsvTable('a,b\n1,2\n"3,4\n5,6\n')).toThrow(/^line 3: /);
  });

  it("keeps a column named __proto__ as plain data", () => {
    const { rows } = parseCsvTable("__proto__,b\nx,y\n");
    expect(Object.keys(rows[0]!)).toEqual(["__proto__", "b"]);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
  });
});
