import { describe, expect, it } from "vitest";
import { RECORD_FIELDS, parseRecordLine } from "../../src/core/record";

const GOOD = {
  runId: "r",
  targetId: "fast",
  inputIndex: 0,
  repetition: 1,
  attempt: 1,
  warmup: false,
  startedAt: 1,
  ttftMs: 10,
  latencyMs: 100,
  status: "ok",
  errorKind: null,
  httpStatus: 200,
  errorMessage: null,
  inputTokens: null,
  outputTokens: 12,
  tokensEstimated: false,
  chunkCount: 3,
  output: "hi",
  outputBytes: 40,
  truncated: false,
  checksPassed: null,
  failedChecks: null,
  scheduledAt: 0.5,
  queueMs: 0.5,
  stage: 0,
  retryAfterMs: null,
};

describe("parseRecordLine", () => {
  it("reads a line the CLI wrote back into the same record", () => {
    const result = parseRecordLine(JSON.stringify(GOOD), 1);
    expect(result).toEqual({ ok: true, record: GOOD });
  });

  it("names the line and the field that is wrong, missing or unknown", () => {
    expect(parseRecordLine(JSON.stringify({ ...GOOD, latencyMs: "slow" }), 7)).toMatchObject({ ok: false, message: expect.stringMatching(/^line 7: latencyMs: /) as string });
    const { repetition: _dropped, ...missing } = GOOD;
    expect(parseRecordLine(JSON.stringify(missing), 2)).toMatchObject({ ok: false, message: expect.stringMatching(/^line 2: repetition: /) as string });
    expect(parseRecordLine(JSON.stringify({ ...GOOD, colour: "red" }), 3)).toEqual({ ok: false, message: "line 3: colour: unknown field" });
    expect(parseRecordLine("{", 4)).toMatchObject({ ok: false, message: expect.stringMatching(/^line 4: not JSON/) as string });
  });

  it("refuses figures out of range: a negative or astronomical latency, a fractional or huge count, naming the line and field", () => {
    const refused = (change: Record<string, unknown>): string => {
      const result = parseRecordLine(JSON.stringify({ ...GOOD, ...change }), 9);
      expect(result.ok).toBe(false);
      return (result as { message: string }).message;
    };
    expect(refused({ latencyMs: -1000 })).toBe("line 9: latencyMs: must be 0 or more");
    expect(refused({ latencyMs: 1e308 })).toBe("line 9: latencyMs: must be at most a day (86,400,000 ms)");
    expect(refused({ latencyMs: -1e308 })).toBe("line 9: latencyMs: must be 0 or more");
    expect(refused({ ttftMs: -1 })).toBe("line 9: ttftMs: must be 0 or more");
    expect(refused({ attempt: 1e300 })).toBe("line 9: attempt: must be a whole number below 2^53");
    expect(refused({ outputTokens: 1.5 })).toBe("line 9: outputTokens: must be a whole number below 2^53");
    expect(refused({ startedAt: -5 })).toBe("line 9: startedAt: must be 0 or more");
  });

  it("reads a file written before the checks fields existed as unchecked", () => {
    const { checksPassed: _passed, failedChecks: _failed, ...older } = GOOD;
    expect(parseRecordLine(JSON.stringify(older), 1)).toEqual({ ok: true, record: { ...GOOD, checksPassed: null, failedChecks: null } });
  });

  it("reads a file written before the load models' fields existed as one stage with no queue measured", () => {
    const { scheduledAt: _scheduled, queueMs: _queue, stage: _stage, retryAfterMs: _retryAfter, ...older } = GOOD;
    expect(parseRecordLine(JSON.stringify(older), 1)).toEqual({ ok: true, record: { ...GOOD, scheduledAt: null, queueMs: null, stage: null, retryAfterMs: null } });
  });

  it("knows every record field", () => {
    const everyField = Object.fromEntries(RECORD_FIELDS.map((field) => [field, field in GOOD ? GOOD[field as keyof typeof GOOD] : null]));
    expect(parseRecordLine(JSON.stringify(everyField), 1).ok).toBe(true);
  });
});
