import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { CSV_BYTE_ORDER_MARK, neutraliseFormula, recordToCsvLine, recordsCsvHeader, recordsToCsv, summaryToCsv } from "../../src/core/io";
import { SUMMARY_FILE_COLUMNS } from "../../src/core/metrics";
import { RECORD_FIELDS, type RequestRecord } from "../../src/core/record";
import { requestRecord } from "./request-record";
import { summarize } from "../../src/core/stats";

function makeRecord(overrides: Partial<RequestRecord> = {}): RequestRecord {
  return requestRecord({ targetId: "groq:llama", inputIndex: 3, repetition: 1, startedAt: 1_700_000_000_123, ttftMs: 120.5, latencyMs: 950.25, inputTokens: 12, outputTokens: 40, chunkCount: 41, ...overrides });
}

/** Parses CSV text strictly as RFC 4180 (no type guessing), for comparing against what was written. */
function parseBack(csv: string): string[][] {
  const withoutMark = csv.startsWith(CSV_BYTE_ORDER_MARK) ? csv.slice(1) : csv;
  const result = Papa.parse<string[]>(withoutMark, { delimiter: ",", newline: "\r\n", skipEmptyLines: true });
  expect(result.errors).toEqual([]);
  return result.data;
}

function cellOf(line: string, field: (typeof RECORD_FIELDS)[number]): string {
  const [cells] = parseBack(line);
  return cells![RECORD_FIELDS.indexOf(field)]!;
}

describe("record CSV", () => {
  it("has a byte-order mark then RECORD_FIELDS as its header, ending with CRLF", () => {
    expect(recordsCsvHeader()).toBe(`\uFEFF${RECORD_FIELDS.join(",")}\r\n`);
  });

  it("writes one CRLF-terminated line per record in header order, fields a record lacks as empty cells", () => {
    const line = recordToCsvLine(makeRecord());
    expect(line.endsWith("\r\n")).toBe(true);
    // checksPassed, failedChecks, the HTTP phases and the load fields are empty; the stream-shape fields (timeToFirstAnswerTokenMs …
    // reasoningTokensEstimated) and every later field are absent from this record.
    expect(parseBack(line)).toEqual([
      ["run-1", "groq:llama", "3", "1", "1", "false", "1700000000123", "120.5", "950.25", "ok", "", "200", "", "12", "40", "false", "41", "hello", "5", "false", "", "", "", "", "", "", "", "", "", "", "", ...Array(RECORD_FIELDS.length - 31).fill("")],
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
      makeRecord({ targetId: "a", latencyMs: 100.123456 }),
      makeRecord({ targetId: "a", latencyMs: 300, startedAt: 1_700_000_000_200 }),
      makeRecord({ targetId: "a", inputIndex: 4, status: "error", errorKind: "rate_limited", httpStatus: 429 }),
      makeRecord({ targetId: "a", inputIndex: 4, attempt: 2, status: "error", errorKind: "http_5xx", httpStatus: 503 }),
      makeRecord({ targetId: "=evil" }),
    ],
    ["a", "=evil", "never-ran"],
  );
  const context = { runId: "run-9", scenarioName: "Nightly", targetLabel: (targetId: string) => (targetId === "a" ? "Model A" : targetId) };

  it("starts with a byte-order mark, like the records CSV, so spreadsheets read it as UTF-8", () => {
    expect(summaryToCsv(rows, context).startsWith(`${CSV_BYTE_ORDER_MARK}runId,scenario,targetId,targetLabel,`)).toBe(true);
  });

  it("has the catalogue's columns as header and one row per target", () => {
    const parsed = parseBack(summaryToCsv(rows, context));
    expect(parsed[0]).toEqual([...SUMMARY_FILE_COLUMNS]);
    expect(parsed).toHaveLength(1 + rows.length);
    for (const line of parsed) expect(line).toHaveLength(SUMMARY_FILE_COLUMNS.length);
  });

  it("carries the run, the scenario and the target's label, and the request counts by last attempt", () => {
    const [header, first, second, third] = parseBack(summaryToCsv(rows, context));
    const valueOf = (line: string[] | undefined, column: string) => line![header!.indexOf(column)];
    expect(valueOf(first, "runId")).toBe("run-9");
    expect(valueOf(first, "scenario")).toBe("Nightly");
    expect(valueOf(first, "targetId")).toBe("a");
    expect(valueOf(first, "targetLabel")).toBe("Model A");
    expect(valueOf(first, "requests")).toBe("3");
    expect(valueOf(first, "failedRequests")).toBe("1");
    expect(valueOf(first, "failedAttempts")).toBe("2");
    expect(valueOf(first, "retries")).toBe("1");
    expect(valueOf(first, "failedAttempts_rate_limited")).toBe("1");
    expect(valueOf(first, "failedAttempts_timeout")).toBe("0");
    expect(valueOf(second, "targetId")).toBe("'=evil");
    expect(valueOf(third, "latencyP50Ms")).toBe("");
    expect(valueOf(third, "failureRate")).toBe("");
    expect(valueOf(third, "errorRate")).toBe("");
    expect(valueOf(third, "tokensEstimated")).toBe("false");
  });

  it("rounds each value to its unit's file precision", () => {
    const [header, first] = parseBack(summaryToCsv(rows, context));
    const valueOf = (column: string) => first![header!.indexOf(column)];
    // np.percentile([100.123456, 300], 50) = 200.061728 → 2 decimals for milliseconds
    expect(valueOf("latencyP50Ms")).toBe("200.06");
    // 1 failed of 3 requests → 4 decimals for a fraction
    expect(valueOf("failureRate")).toBe("0.3333");
    // np.std([100.123456, 300]) = 99.938272
    expect(valueOf("latencyStdDevMs")).toBe("99.94");
    // Two values are too few for an interval of the median: the interval's cells are empty, not invented.
    expect(valueOf("latencyP50MsCi95Low")).toBe("");
  });
});
