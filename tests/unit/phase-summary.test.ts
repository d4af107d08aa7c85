// HTTP phase figures per target: medians over successful measured requests (numpy's linear rule), the
// share of reused connections, and null where phases were not measured (browser runs, older records).
import { describe, expect, it } from "vitest";
import { metricById, summaryFileRows } from "../../src/core/metrics";
import type { RequestRecord } from "../../src/core/record";
import { summarize } from "../../src/core/stats";
import { makeRecord } from "./compare-fixtures";

function phased(overrides: Partial<RequestRecord>): RequestRecord {
  return makeRecord({ targetId: "t", status: "ok", errorKind: null, warmup: false, ...overrides });
}

describe("phase summary", () => {
  it("takes medians over successful measured requests and counts reused connections", () => {
    const records = [
      phased({ connectMs: 10, tlsMs: 20, waitingMs: 100, receivingMs: 300, connectionReused: false }),
      phased({ connectMs: null, tlsMs: null, waitingMs: 110, receivingMs: 310, connectionReused: true }),
      phased({ connectMs: null, tlsMs: null, waitingMs: 130, receivingMs: 320, connectionReused: true }),
      phased({ connectMs: 14, tlsMs: 24, waitingMs: 140, receivingMs: 330, connectionReused: false }),
      // Neither a failure nor a warm-up counts.
      phased({ status: "error", errorKind: "http_5xx", connectMs: 900, waitingMs: 900, receivingMs: 900, connectionReused: true }),
      phased({ warmup: true, connectMs: 900, waitingMs: 900, receivingMs: 900, connectionReused: false }),
    ];
    const [row] = summarize(records, ["t"]);
    // numpy.median([10, 14]) = 12; numpy.median([100, 110, 130, 140]) = 120; numpy.median([300, 310, 320, 330]) = 315
    expect(row).toMatchObject({ connectP50Ms: 12, tlsP50Ms: 22, waitingP50Ms: 120, receivingP50Ms: 315, reusedConnectionShare: 0.5 });
  });

  it("is null when no record carries phases (a browser without Timing-Allow-Origin, runs stored before phases)", () => {
    const legacy = makeRecord({ targetId: "t" });
    for (const key of ["connectMs", "tlsMs", "waitingMs", "receivingMs", "connectionReused"] as const) delete legacy[key];
    const [row] = summarize([legacy, phased({})], ["t"]);
    expect(row).toMatchObject({ connectP50Ms: null, tlsP50Ms: null, waitingP50Ms: null, receivingP50Ms: null, reusedConnectionShare: null });
  });

  it("is one catalogue entry each, so the summary file carries them", () => {
    const [row] = summarize([phased({ connectMs: 3, waitingMs: 40, receivingMs: 60, connectionReused: false })], ["t"]);
    const [fields] = summaryFileRows([row!], { runId: "r", scenarioName: "s", targetLabel: (id) => id });
    expect(fields).toMatchObject({ connectP50Ms: 3, waitingP50Ms: 40, receivingP50Ms: 60, reusedConnectionShare: 0 });
    expect(metricById("waitingP50Ms").unit).toBe("ms");
  });
});
