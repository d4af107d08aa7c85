// A run's records read back from a file (core/io/records-filter.ts): each request counted once, whatever the
// file repeats (duplicated lines, a resume's superseded aborts) or lacks (a retry without its attempt 1).
import { describe, expect, it } from "vitest";
import type { RequestRecord } from "../../src/core/record";
import { describeRecordsReport, RecordsFileFilter, type RecordsFileReport } from "../../src/core/io";
import { SummaryAccumulator } from "../../src/core/stats";
import { requestRecord } from "./request-record";

async function filtered(records: RequestRecord[]): Promise<{ kept: RequestRecord[]; report: RecordsFileReport }> {
  const kept: RequestRecord[] = [];
  const filter = new RecordsFileFilter((record) => void kept.push(record));
  for (const record of records) await filter.add(record);
  await filter.finish();
  return { kept, report: filter.report() };
}

const aborted = (overrides: Partial<RequestRecord>) => requestRecord({ status: "error", errorKind: "aborted", ...overrides });
const failed = (overrides: Partial<RequestRecord>) => requestRecord({ status: "error", errorKind: "http_5xx", httpStatus: 503, output: null, ...overrides });

describe("a resumed run's records file read back", () => {
  it("drops an aborted line a later record of the same request superseded, after each resume", async () => {
    const done = requestRecord({ targetId: "a", inputIndex: 0 });
    const firstCut = aborted({ targetId: "a", inputIndex: 1 });
    const secondCut = aborted({ targetId: "a", inputIndex: 1 });
    const resumed = requestRecord({ targetId: "a", inputIndex: 1 });
    const { kept, report } = await filtered([done, firstCut, secondCut, resumed]);
    expect(kept).toEqual([done, resumed]);
    expect(report).toEqual({ records: 2, requests: 2, duplicates: 0, orphanRetries: 0, tornLastLine: null });
  });

  it("keeps the aborted attempt no resume followed, a retry cut short included, and every other request's records", async () => {
    const failedFirst = failed({ targetId: "b", inputIndex: 2, attempt: 1 });
    const retryCut = aborted({ targetId: "b", inputIndex: 2, attempt: 2 });
    const otherRepetition = requestRecord({ targetId: "b", inputIndex: 2, repetition: 1 });
    const warmupCut = aborted({ targetId: "b", inputIndex: 2, warmup: true });
    expect((await filtered([failedFirst, retryCut, otherRepetition, warmupCut])).kept).toEqual([failedFirst, otherRepetition, retryCut, warmupCut]);
  });
});

describe("a file that lies about counts", () => {
  it("counts every record of a file given twice over once, and says how many it dropped", async () => {
    const run = Array.from({ length: 10 }, (_, inputIndex) => (inputIndex % 3 === 0 ? failed({ inputIndex }) : requestRecord({ inputIndex })));
    const { kept, report } = await filtered([...run, ...run]);
    expect(kept).toEqual(run);
    expect(report).toEqual({ records: 10, requests: 10, duplicates: 10, orphanRetries: 0, tornLastLine: null });
    const summary = new SummaryAccumulator();
    for (const record of kept) summary.add(record);
    const [row] = summary.summarize();
    expect([row!.requests, row!.failedRequests]).toEqual([10, 4]);
    expect(describeRecordsReport(report)).toEqual(["10 records repeat an attempt (target, input, repetition, attempt) read before: dropped, each attempt counted once."]);
  });

  it("counts a retry without its attempt 1 as the request's first attempt: no count or rate negative", async () => {
    const orphan = failed({ inputIndex: 0, attempt: 2 });
    const recovered = requestRecord({ inputIndex: 1, attempt: 3 });
    const { kept, report } = await filtered([orphan, recovered, requestRecord({ inputIndex: 2 })]);
    expect(kept.map((record) => record.attempt)).toEqual([1, 1, 1]);
    expect(report).toEqual({ records: 3, requests: 3, duplicates: 0, orphanRetries: 2, tornLastLine: null });
    const summary = new SummaryAccumulator();
    for (const record of kept) summary.add(record);
    const [row] = summary.summarize();
    expect([row!.requests, row!.okRequests, row!.failedRequests, row!.retries, row!.failureRate]).toEqual([3, 2, 1, 0, 1 / 3]);
    expect(describeRecordsReport(report)).toEqual(["2 retries were read without the failed attempt before them: counted as their requests' first attempt, or dropped after the request had succeeded."]);
  });

  it("tells apart the same request numbers in two load stages", async () => {
    const stages = [0, 1].map((stage) => requestRecord({ stage }));
    expect((await filtered(stages)).kept).toEqual(stages);
  });

  it("keeps a retry that follows its failed attempt, and drops one after its request succeeded", async () => {
    const first = failed({ attempt: 1 });
    const retry = requestRecord({ attempt: 2 });
    const afterSuccess = requestRecord({ attempt: 3 });
    const { kept, report } = await filtered([first, retry, afterSuccess]);
    expect(kept).toEqual([first, retry]);
    expect(report.orphanRetries).toBe(1);
    const summary = new SummaryAccumulator();
    for (const record of kept) summary.add(record);
    const [row] = summary.summarize();
    expect([row!.requests, row!.failedRequests, row!.recoveredRequests]).toEqual([1, 0, 1]);
  });
});
