// Artillery's report of an exported test read back as a summary-level run (core/io/imports/artillery.ts), the
// metric names both sides share (core/io/artillery-metrics.ts), the processor's counting (the summary's own,
// checked against SummaryAccumulator) and the script's phase. The real run is tests/integration/artillery-run.test.ts.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseArtilleryMetricName, piecesOf } from "../../src/core/io";
import { readRunFile, RunFileProblem, type RunFile } from "../../src/core/io/imports";
import type { RequestRecord } from "../../src/core/record";
import { checkScenarioShape, type Scenario } from "../../src/core/scenario";
import { SummaryAccumulator } from "../../src/core/stats";
import { emitMetrics } from "../../src/cli/artillery/processor";
import { artilleryLoad } from "../../src/cli/artillery/export-command";
import { requestRecord } from "./request-record";

const reportText = readFileSync(new URL("../fixtures/imports/artillery-report.json", import.meta.url), "utf8");
interface ReportShape {
  aggregate: { counters: Record<string, unknown>; summaries: Record<string, Record<string, unknown>> };
}
const report = (): ReportShape => JSON.parse(reportText) as ReportShape;

async function read(text: string): Promise<{ file: RunFile; records: RequestRecord[] }> {
  const records: RequestRecord[] = [];
  const file = await readRunFile(piecesOf(text.match(/[\s\S]{1,41}/g) ?? []), (record) => void records.push(record), {
    fileName: "report.json",
    appVersion: "0.1.0",
    now: () => 1_763_900_000_000,
    newRunId: () => "artillery-run",
  });
  return { file, records };
}

async function problem(value: unknown): Promise<string> {
  const error = await read(JSON.stringify(value, null, 2)).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RunFileProblem);
  return (error as Error).message;
}

describe("Artillery's report", () => {
  it("becomes a summary-level run: the counts and percentiles Artillery saw, no records", async () => {
    const { file, records } = await read(reportText);
    expect(file.format).toBe("artillery");
    expect(records).toEqual([]);
    expect(file.tail.recordCount).toBe(0);
    expect(file.run.origin).toMatchObject({ tool: "artillery", label: null });
    expect(file.run.planned).toBe(12);
    const [err503, fast] = file.summaryRows!;
    expect(fast).toMatchObject({ targetId: "fast", requests: 6, okRequests: 6, failedRequests: 0, failureRate: 0 });
    expect(fast!.latencyMs).toMatchObject({ count: 6, min: 196, max: 225.8, mean: 204.8, p50: 198.4, p99: 206.5, p1: null, stdDev: null });
    expect(fast!.latencyMs.ci95.p50.reason).toMatch(/percentiles, not the values/);
    expect(fast!.ttftMs.p50).toBe(62.2);
    expect(fast!.outputTokens.p50).toBe(16);
    expect(err503).toMatchObject({ targetId: "err503", requests: 6, okRequests: 0, failedRequests: 6, failedAttempts: 6, failureRate: 1, errorRate: 1, failedAttemptsByKind: { http_5xx: 6 } });
    expect(err503!.latencyMs.count).toBe(0);
    expect(file.run.scenario.targets.map((target) => target.id)).toEqual(["err503", "fast"]);
  });

  it("is tagged with the region and worker count run-fargate writes in its metadata", async () => {
    const fargate = { ...report(), metadata: { tags: [], count: 10, region: "eu-west-1", cluster: "artilleryio-cluster", artilleryVersion: { core: "2.0.21", pro: "2.0.21" } } };
    const { file } = await read(JSON.stringify(fargate, null, 2));
    expect(file.run.origin).toMatchObject({ tool: "artillery", label: "eu-west-1", toolVersion: "2.0.21" });
    expect(file.run.scenario.description).toMatch(/Ran on 10 workers in eu-west-1\.$/);
  });

  it("is tagged with the region and worker threads the processor counted (run-lambda's report names neither)", async () => {
    const lambda = report();
    Object.assign(lambda.aggregate.counters, { "providerbench-worker-threads": 4, "providerbench-region.us-east-1": 4 });
    const { file } = await read(JSON.stringify(lambda, null, 2));
    expect(file.run.origin).toMatchObject({ tool: "artillery", label: "us-east-1" });
    expect(file.run.scenario.description).toMatch(/Ran on 4 worker threads in us-east-1\.$/);
    expect(file.run.scenario.targets.map((target) => target.id)).toEqual(["err503", "fast"]);
  });

  it("is read written on one line too", async () => {
    const { file } = await read(JSON.stringify(report()));
    expect(file.format).toBe("artillery");
    expect(file.summaryRows!.map((row) => row.requests)).toEqual([6, 6]);
  });

  it("without ProviderBench's counters is refused, with its virtual users' errors named", async () => {
    const plain = { aggregate: { counters: { "vusers.created": 2, "vusers.failed": 2, "errors.the exported scenario is not valid": 2 }, summaries: {} } };
    expect(await problem(plain)).toBe(
      "aggregate.counters: no providerbench.<target>.requests counter: this report is not of a test made by `providerbench export artillery`, or its virtual users failed: the exported scenario is not valid (2)",
    );
  });

  it("names the field of a broken summary, counter or error kind", async () => {
    const noMedian = report();
    delete noMedian.aggregate.summaries["providerbench.fast.latency_ms"]!.p50;
    expect(await problem(noMedian)).toMatch(/^aggregate\.summaries\.providerbench\.fast\.latency_ms\.p50: /);

    const textCount = report();
    textCount.aggregate.counters["providerbench.fast.ok"] = "six";
    expect(await problem(textCount)).toMatch(/^aggregate\.counters\.providerbench\.fast\.ok: /);

    const unbalanced = report();
    unbalanced.aggregate.counters["providerbench.fast.ok"] = 5;
    expect(await problem(unbalanced)).toBe("aggregate.counters.providerbench.fast.requests: 6, but ok (5) and errors (0) add up to 5");

    const strangeKind = report();
    strangeKind.aggregate.counters["providerbench.err503.errors.gremlins"] = 1;
    expect(await problem(strangeKind)).toMatch(/^aggregate\.counters\.providerbench\.err503\.errors\.gremlins: "gremlins" is not an error kind/);
  });

  it("refuses a negative percentile and a count that is not a whole number, naming the path", async () => {
    const negative = report();
    negative.aggregate.summaries["providerbench.fast.latency_ms"]!.p50 = -500;
    expect(await problem(negative)).toBe("aggregate.summaries.providerbench.fast.latency_ms.p50: must be 0 or more");
    const fractional = report();
    fractional.aggregate.counters["providerbench.fast.requests"] = 1.5;
    expect(await problem(fractional)).toBe("aggregate.counters.providerbench.fast.requests: must be a whole number below 2^53");
  });
});

describe("the processor's metrics", () => {
  it("count requests, failures and attempts exactly as the summary does, and read back to the same row", async () => {
    const records = [
      requestRecord({ targetId: "a.b", inputIndex: 0, latencyMs: 10, ttftMs: 4, outputTokens: 8 }),
      // A request that failed once (503) and then succeeded: one request, two attempts, one retry.
      requestRecord({ targetId: "slow", inputIndex: 0, attempt: 1, status: "error", errorKind: "http_5xx", httpStatus: 503, output: null }),
      requestRecord({ targetId: "slow", inputIndex: 0, attempt: 2, latencyMs: 30 }),
      requestRecord({ targetId: "slow", inputIndex: 1, status: "error", errorKind: "rate_limited", httpStatus: 429, output: null }),
      // Aborted: no request, as in the summary.
      requestRecord({ targetId: "slow", inputIndex: 2, status: "error", errorKind: "aborted", output: null }),
    ];
    const counters: Record<string, number> = {};
    const values: Record<string, number[]> = {};
    emitMetrics(records, {
      emit: (kind, name, value) => {
        if (kind === "counter") counters[name] = (counters[name] ?? 0) + value;
        else (values[name] ??= []).push(value);
      },
    });
    const summaries = Object.fromEntries(
      Object.entries(values).map(([name, list]) => {
        const sorted = [...list].sort((x, y) => x - y);
        return [name, { min: sorted[0], max: sorted.at(-1), count: sorted.length, mean: 0, p50: sorted[Math.floor((sorted.length - 1) / 2)] }];
      }),
    );
    expect(counters).toMatchObject({ "providerbench.slow.requests": 2, "providerbench.slow.ok": 1, "providerbench.slow.errors": 1, "providerbench.slow.attempts": 3, "providerbench.slow.errors.http_5xx": 1, "providerbench.slow.errors.rate_limited": 1 });
    expect(values["providerbench.a.b.latency_ms"]).toEqual([10]);
    const { file } = await read(JSON.stringify({ aggregate: { counters, summaries } }));
    const accumulator = new SummaryAccumulator();
    for (const record of records) accumulator.add(record);
    const counts = (row: (typeof expected)[number]) => ({
      requests: row.requests,
      okRequests: row.okRequests,
      failedRequests: row.failedRequests,
      failedAttempts: row.failedAttempts,
      retries: row.retries,
      failureRate: row.failureRate,
      errorRate: row.errorRate,
      failedAttemptsByKind: row.failedAttemptsByKind,
    });
    const expected = accumulator.summarize(["a.b", "slow"]);
    const imported = new Map(file.summaryRows!.map((row) => [row.targetId, row]));
    expect([...imported.keys()].sort()).toEqual(["a.b", "slow"]);
    for (const want of expected) expect(counts(imported.get(want.targetId)!)).toEqual(counts(want));
  });

  it("names a target whose id holds dots", () => {
    expect(parseArtilleryMetricName("providerbench.a.b.latency_ms")).toEqual({ targetId: "a.b", figure: "latency_ms" });
    expect(parseArtilleryMetricName("providerbench.a.b.errors.http_5xx")).toEqual({ targetId: "a.b", figure: "errors.http_5xx" });
    expect(parseArtilleryMetricName("http.response_time")).toBeNull();
  });
});

describe("the exported script's phase", () => {
  const scenario = (run: unknown): Scenario => {
    const checked = checkScenarioShape({ version: 1, name: "s", task: "chat-completion", targets: [{ id: "a", endpointUrl: "sandbox:/fast/v1", model: "m" }, { id: "b", endpointUrl: "sandbox:/slow/v1", model: "m" }], inputs: ["x", "y"], run });
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    return checked.scenario;
  };

  it("keeps a closed loop's concurrency as users arriving at once, each sending its share of the passes in turn", () => {
    // 5 repetitions × 2 inputs = 10 passes; 4 at once over 2 targets = 2 users of 5 passes each.
    expect(artilleryLoad(scenario({ repetitions: 5, concurrency: 4 }), 2)).toEqual({ phase: { name: "providerbench", duration: 1, arrivalCount: 2 }, passesPerUser: 5 });
    // 6 passes over 4 users: every pass sent, 2 more than planned rather than one fewer.
    expect(artilleryLoad(scenario({ repetitions: 3, concurrency: 8 }), 2)).toEqual({ phase: { name: "providerbench", duration: 1, arrivalCount: 4 }, passesPerUser: 2 });
    // More users than passes: one user per pass.
    expect(artilleryLoad(scenario({ repetitions: 1, concurrency: 40 }), 2)).toEqual({ phase: { name: "providerbench", duration: 1, arrivalCount: 2 }, passesPerUser: 1 });
  });

  it("keeps an open loop's rate per target as users a second, one pass each", () => {
    expect(artilleryLoad(scenario({ repetitions: 10, load: { mode: "open", rate: 4 } }), 2)).toEqual({ phase: { name: "providerbench", duration: 5, arrivalRate: 4 }, passesPerUser: 1 });
  });
});
