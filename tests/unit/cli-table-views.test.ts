// The CLI's summary table views (--wide, --columns) and the "stopped short" rule for a fixed output length.
import { describe, expect, it } from "vitest";
import { parseCommandLine } from "../../src/cli/args";
import { formatSummaryTable } from "../../src/cli/summary-table";
import { METRICS, metricsIn } from "../../src/core/metrics";
import { fixedOutputTokens, summarize } from "../../src/core/stats";
import type { RequestRecord } from "../../src/core/record";

function record(overrides: Partial<RequestRecord>): RequestRecord {
  return {
    runId: "r", targetId: "a", inputIndex: 0, repetition: 0, attempt: 1, warmup: false, startedAt: 0, ttftMs: 50, latencyMs: 1000,
    status: "ok", errorKind: null, httpStatus: 200, errorMessage: null, inputTokens: 10, outputTokens: 21, tokensEstimated: false,
    chunkCount: 23, output: "x", outputBytes: 1, truncated: false, checksPassed: null, failedChecks: null,
    scheduledAt: null, queueMs: null, stage: null, retryAfterMs: null, outputChunkCount: 7,
    ...overrides,
  };
}

describe("--wide and --columns", () => {
  const run = (...flags: string[]) => parseCommandLine(["run", "s.json", ...flags], {});

  it("picks metrics by id, in the order given", () => {
    const parsed = run("--columns", "ttftP99Ms, latencyP50Ms,inFlightMean");
    expect(parsed.kind).toBe("run");
    if (parsed.kind !== "run" || parsed.command.table.kind !== "columns") throw new Error("not a columns view");
    expect(parsed.command.table.metrics.map((metric) => metric.id)).toEqual(["ttftP99Ms", "latencyP50Ms", "inFlightMean"]);
  });

  it("refuses an unknown id, naming it and the nearest valid ones (not all of them)", () => {
    const parsed = run("--columns", "latencyP50Ms,latencyP42Ms,timeToSecondTokenP50ms");
    expect(parsed.kind).toBe("error");
    if (parsed.kind !== "error") return;
    expect(parsed.message).toContain('unknown metric "latencyP42Ms": did you mean');
    expect(parsed.message).toContain('"timeToSecondTokenP50ms": did you mean timeToSecondTokenP50Ms');
    expect(parsed.message.length).toBeLessThan(400);
    expect(run("--columns", " , ").kind).toBe("error");
    expect(run("--wide", "--columns", "latencyP50Ms").kind).toBe("error");
  });

  it("takes the same flags for analyze", () => {
    const parsed = parseCommandLine(["analyze", "r.jsonl", "--wide"], {});
    expect(parsed.kind === "analyze" && parsed.command.table.kind).toBe("wide");
  });

  const rows = summarize([record({}), record({ targetId: "b", outputTokens: 42, latencyMs: 500 })]);

  it("keeps the default table to the catalogue's CLI view", () => {
    const header = formatSummaryTable(rows, (id) => id).split("\n")[0]!;
    expect(header.trim().split(/\s{2,}/)).toHaveLength(1 + metricsIn("cli").length);
  });

  it("prints only the chosen columns", () => {
    const parsed = run("--columns", "outputTokensP50,tokensPerChunkP50");
    if (parsed.kind !== "run") throw new Error(parsed.kind);
    const [header, , first, second] = formatSummaryTable(rows, (id) => id, parsed.command.table).split("\n");
    expect(header!.trim().split(/\s{2,}/)).toEqual(["target", "Out tok p50 tok", "Tok/chunk p50"]);
    expect(first!.trim().split(/\s{2,}/)).toEqual(["a", "21.0", "3.00"]);
    expect(second!.trim().split(/\s{2,}/)).toEqual(["b", "42.0", "6.00"]);
  });

  it("shows every metric with --wide, one line each, and says when a provider sends several tokens per chunk", () => {
    const text = formatSummaryTable(rows, (id) => id, { kind: "wide" });
    for (const metric of METRICS) expect(text).toContain(`  ${metric.id} `);
    expect(text).toMatch(/note: a: 3\.00 tokens per chunk \(median\)/);
  });
});

describe("fixed output length", () => {
  it("is max_tokens with ignore_eos, or with a min_tokens equal to it, and nothing else", () => {
    expect(fixedOutputTokens({ max_tokens: 21, ignore_eos: true })).toBe(21);
    expect(fixedOutputTokens({ max_tokens: 21, min_tokens: 21 })).toBe(21);
    expect(fixedOutputTokens({ max_new_tokens: 64, ignore_eos: true })).toBe(64);
    expect(fixedOutputTokens({ max_tokens: 21 })).toBeNull();
    expect(fixedOutputTokens({ max_tokens: 21, min_tokens: 5 })).toBeNull();
    expect(fixedOutputTokens({ ignore_eos: true })).toBeNull();
  });

  it("counts successful requests that returned fewer tokens than asked", () => {
    const records = [record({ outputTokens: 21 }), record({ outputTokens: 20 }), record({ outputTokens: 3 }), record({ status: "error", errorKind: "http_5xx", outputTokens: null })];
    expect(summarize(records, undefined, undefined, { fixedOutputTokens: 21 })[0]!.stoppedShortRequests).toBe(2);
    expect(summarize(records)[0]!.stoppedShortRequests).toBeNull();
  });
});
