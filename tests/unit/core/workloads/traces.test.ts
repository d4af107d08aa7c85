// Production traces read for replay: Mooncake JSONL, BurstGPT CSV and Azure's LLM-inference CSV on small
// samples shaped like the published files, their format told from the first line, a window of the
// trace's time and a speed-up, rows that cannot be sent set aside and counted, and broken files
// refused with errors that name the line and the field.
import { describe, expect, it } from "vitest";
import { azureTimestampMs, detectTraceFormat, formatTraceError, MAX_TRACE_ERRORS, readTrace, type ReplayTrace, type TraceReadResult } from "../../../../src/core/workloads";

/** The first lines of Mooncake's published traces, in their shape. */
const MOONCAKE = [
  '{"timestamp": 0, "input_length": 6755, "output_length": 500, "hash_ids": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]}',
  '{"timestamp": 0, "input_length": 7319, "output_length": 490, "hash_ids": [0, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27]}',
  '{"timestamp": 3052, "input_length": 7234, "output_length": 794, "hash_ids": [0, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41]}',
  '{"timestamp": 3052, "input_length": 2287, "output_length": 316, "hash_ids": [0, 42, 43, 44, 45]}',
  '{"timestamp": 10535, "input_length": 672, "output_length": 26, "hash_ids": [46, 47], "session_id": "a"}',
].join("\n");

/** BurstGPT_1.csv's columns; the second row is a failed request (0 response tokens). */
const BURSTGPT = [
  "Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type",
  "5,ChatGPT,472,18,490,Conversation log",
  "45,ChatGPT,1087,0,1087,Conversation log",
  "118,GPT-4,417,217,634,Conversation log",
  "134,ChatGPT,1360,126,1486,API log",
  "140.5,ChatGPT,2081,0,2081,API log",
].join("\r\n");

/** The first rows of AzureLLMInferenceTrace_code.csv (2023). */
const AZURE = [
  "TIMESTAMP,ContextTokens,GeneratedTokens",
  "2023-11-16 18:17:03.9799600,4808,10",
  "2023-11-16 18:17:04.0319600,3180,8",
  "2023-11-16 18:17:04.0781490,110,27",
  "2023-11-16 18:17:04.1206440,7433,14",
].join("\n");

function trace(result: TraceReadResult): ReplayTrace {
  if (!result.ok) throw new Error(result.errors.map(formatTraceError).join("\n"));
  return result.trace;
}

function errors(result: TraceReadResult): string[] {
  if (result.ok) throw new Error("expected the file to be refused");
  return result.errors.map(formatTraceError);
}

describe("detectTraceFormat", () => {
  it("tells each format from its first line that is not blank", () => {
    expect(detectTraceFormat(`\n\n${MOONCAKE}`)).toBe("mooncake");
    expect(detectTraceFormat(BURSTGPT)).toBe("burstgpt");
    expect(detectTraceFormat(`\uFEFF${AZURE}`)).toBe("azure");
    expect(detectTraceFormat('"TIMESTAMP","ContextTokens","GeneratedTokens"\n')).toBe("azure");
    expect(detectTraceFormat("prompt,answer\nhi,hello\n")).toBeNull();
  });

  it("refuses a file of no known format, and an empty one", () => {
    expect(errors(readTrace("prompt,answer\nhi,hello\n"))).toEqual([
      'line 1: not a trace ProviderBench reads: expected Mooncake JSONL ({"timestamp", "input_length", "output_length", "hash_ids"} a line), BurstGPT CSV (Timestamp, Request tokens, Response tokens, …) or Azure LLM-inference CSV (TIMESTAMP, ContextTokens, GeneratedTokens)',
    ]);
    expect(errors(readTrace(" \n\n"))).toEqual(["the file is empty: no requests to replay"]);
    expect(errors(readTrace("Timestamp,Request tokens,Response tokens\n"))).toEqual(["no requests in the file: only a header or blank lines"]);
  });
});

describe("Mooncake traces", () => {
  it("reads times in milliseconds, both lengths and the hash ids, other keys left alone", () => {
    const read = trace(readTrace(MOONCAKE));
    expect(read.format).toBe("mooncake");
    expect(read.requests.map((request) => request.atMs)).toEqual([0, 0, 3052, 3052, 10535]);
    expect(read.requests[3]).toEqual({ atMs: 3052, inputTokens: 2287, outputTokens: 316, hashIds: [0, 42, 43, 44, 45] });
    expect(read.setAside).toEqual([]);
    expect(read.outOfOrder).toBe(0);
  });

  it("names the line and field of each broken row, blank lines counted, and reads on to report them all", () => {
    const broken = [
      '{"timestamp": 0, "input_length": 10, "output_length": 5}',
      "",
      '{"timestamp": 10, "input_length": -5, "output_length": 5}',
      '{"timestamp": 20, "input_length": 10}',
      '{"timestamp": "soon", "input_length": 10.5, "output_length": 5, "hash_ids": [1, "x"]}',
      '{"timestamp": 30, "input_length": 10, "output_length": 5,}',
      "[1, 2, 3]",
      '{"input_length": 10, "output_length": 5, "hash_ids": 7}\r',
    ].join("\n");
    expect(errors(readTrace(broken))).toEqual([
      'line 3, field "input_length": must be a whole number of tokens, 0 or more, got "-5"',
      'line 4, field "output_length": required (a number of tokens)',
      'line 5, field "timestamp": must be milliseconds, 0 or more, got "soon"',
      'line 5, field "input_length": must be a whole number of tokens, 0 or more, got "10.5"',
      'line 5, field "hash_ids": item 1 must be a whole number, got "x"',
      "line 6: not JSON: column 58: a comma before \"}\": JSON allows no trailing comma",
      'line 7: must be a JSON object such as {"timestamp": 0, "input_length": 512, "output_length": 128, "hash_ids": [0]}',
      "line 8, field \"timestamp\": required (milliseconds from the trace's start)",
      'line 8, field "hash_ids": must be a list of whole numbers, got "7"',
    ]);
  });

  it("lists the first problems of a file wrong on every line and counts the rest", () => {
    const lines = Array.from({ length: 30 }, (_, index) => `{"timestamp": ${index}, "input_length": "x", "output_length": 1}`);
    const found = errors(readTrace(lines.join("\n")));
    expect(found).toHaveLength(MAX_TRACE_ERRORS + 1);
    expect(found[MAX_TRACE_ERRORS]).toBe("… and 10 more problems");
  });
});

describe("BurstGPT traces", () => {
  it("reads times in seconds and both lengths; sets failed requests (0 response tokens) aside, counted", () => {
    const read = trace(readTrace(BURSTGPT));
    expect(read.format).toBe("burstgpt");
    expect(read.requests).toEqual([
      { atMs: 0, inputTokens: 472, outputTokens: 18 },
      { atMs: 113_000, inputTokens: 417, outputTokens: 217 },
      { atMs: 129_000, inputTokens: 1360, outputTokens: 126 },
    ]);
    expect(read.setAside).toEqual([{ reason: "0 output tokens (how BurstGPT lists a failed request)", count: 2, lines: [3, 6] }]);
  });

  it("finds its columns by name, in any order, beside others (newer releases add Session ID)", () => {
    const text = 'Session ID,Response tokens,Timestamp,"Request tokens",Elapsed time\ns1,20,0.5,100,3.2\ns1,30,2,200,1.1\n';
    expect(trace(readTrace(text)).requests).toEqual([
      { atMs: 0, inputTokens: 100, outputTokens: 20 },
      { atMs: 1500, inputTokens: 200, outputTokens: 30 },
    ]);
  });

  it("names the line and column of each broken row", () => {
    const text = ["Timestamp,Model,Request tokens,Response tokens", "5,ChatGPT,472,18", "later,ChatGPT,abc,18", "7,ChatGPT,12", '9,"ChatGPT,3,4'].join("\n");
    expect(errors(readTrace(text))).toEqual([
      'line 3, field "Timestamp": must be seconds, 0 or more, got "later"',
      'line 3, field "Request tokens": must be a whole number of tokens, 0 or more, got "abc"',
      "line 4: 3 fields, but the header names 4 columns",
      'line 5: a quoted field is never closed (a missing " ?)',
    ]);
    expect(errors(readTrace('"Timestamp,Request tokens,Response tokens\n1,2,3\n', { format: "burstgpt" }))).toEqual(['line 1: a quoted field is never closed (a missing " ?)']);
    expect(errors(readTrace("Timestamp,Model,Request tokens,Response\n1,a,2,3\n", { format: "burstgpt" }))).toEqual([
      'line 1: the header lacks "Response tokens": it must name "Timestamp", "Request tokens", "Response tokens"',
    ]);
  });
});

describe("Azure LLM-inference traces", () => {
  it("reads the date and time to the microsecond, and both lengths", () => {
    const read = trace(readTrace(AZURE));
    expect(read.format).toBe("azure");
    expect(read.requests.map((request) => request.inputTokens)).toEqual([4808, 3180, 110, 7433]);
    expect(read.requests.map((request) => request.outputTokens)).toEqual([10, 8, 27, 14]);
    const times = read.requests.map((request) => request.atMs);
    expect(times[0]).toBe(0);
    expect(times[1]).toBeCloseTo(52, 3);
    expect(times[2]).toBeCloseTo(98.189, 3);
    expect(times[3]).toBeCloseTo(140.684, 3);
  });

  it("reads the 2024 traces' offsets, and refuses dates that do not exist", () => {
    expect(azureTimestampMs("2024-05-10 00:00:00.009930+00:00")).toBeCloseTo(Date.UTC(2024, 4, 10) + 9.93, 3);
    expect(azureTimestampMs("2024-05-10T02:00:00+02:00")).toBe(Date.UTC(2024, 4, 10));
    expect(azureTimestampMs("2024-05-10 00:00:00Z")).toBe(Date.UTC(2024, 4, 10));
    expect(azureTimestampMs("2023-02-30 10:00:00")).toBeNull();
    expect(azureTimestampMs("2023-11-16 24:00:00")).toBeNull();
    expect(azureTimestampMs("16/11/2023 18:17")).toBeNull();
  });

  it("names the line and column of each broken row", () => {
    const text = ["TIMESTAMP,ContextTokens,GeneratedTokens", "2023-11-16 18:17:03.9799600,4808,10", "yesterday,4808,-1"].join("\n");
    expect(errors(readTrace(text))).toEqual([
      'line 3, field "TIMESTAMP": must be a date and time such as 2023-11-16 18:17:03.9799600, got "yesterday"',
      'line 3, field "GeneratedTokens": must be a whole number of tokens, 0 or more, got "-1"',
    ]);
  });
});

describe("the part replayed", () => {
  it("keeps a window of the trace's own time, counts from its first request, and divides by the speed-up", () => {
    const read = trace(readTrace(MOONCAKE, { fromSeconds: 3, toSeconds: 10.535, speedup: 10 }));
    expect(read.requests.map((request) => [request.atMs, request.inputTokens])).toEqual([
      [0, 7234],
      [0, 2287],
    ]);
    const whole = trace(readTrace(MOONCAKE, { speedup: 10 }));
    expect(whole.requests.map((request) => request.atMs)).toEqual([0, 0, 305.2, 305.2, 1053.5]);
    expect(errors(readTrace(MOONCAKE, { fromSeconds: 60 }))).toEqual(["no request in the window (from 60 s to the end s after the trace's first request)"]);
  });

  it("sorts rows a file lists out of time order, the same instant keeping the file's order, and counts them", () => {
    const text = ["Timestamp,Request tokens,Response tokens", "10,1,1", "4,2,2", "10,3,3", "4,4,4"].join("\n");
    const read = trace(readTrace(text));
    expect(read.requests.map((request) => [request.atMs, request.inputTokens])).toEqual([
      [0, 2],
      [0, 4],
      [6000, 1],
      [6000, 3],
    ]);
    expect(read.outOfOrder).toBe(2);
  });

  it("says why nothing is left when every row was set aside", () => {
    expect(errors(readTrace("Timestamp,Request tokens,Response tokens\n1,10,0\n2,10,0\n"))).toEqual(["no request to replay: 2 with 0 output tokens (how BurstGPT lists a failed request)"]);
  });

  it("refuses options no scenario could give", () => {
    expect(() => readTrace(MOONCAKE, { speedup: 0 })).toThrow(RangeError);
    expect(() => readTrace(MOONCAKE, { fromSeconds: 5, toSeconds: 5 })).toThrow(RangeError);
  });
});
