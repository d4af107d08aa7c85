// Artillery's report imported on History (store/run-bundle.ts): a summary-level run, whose table is the
// report's and stays so (no records to compute another from), whatever the summary's version.
import "fake-indexeddb/auto";
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ProviderBenchDb } from "../../../src/store/db";
import { countRecords } from "../../../src/store/record-store";
import { importRunFile } from "../../../src/store/run-bundle";
import { summaryOfRun } from "../../../src/store/run-summary";

const report = readFileSync(new URL("../../fixtures/imports/artillery-report.json", import.meta.url));

let db: ProviderBenchDb;
beforeEach(async () => {
  db = new ProviderBenchDb(`artillery-${crypto.randomUUID()}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

describe("an Artillery report imported into the database", () => {
  it("is a run with the report's counts as its summary, no records, kept when summaries are computed anew", async () => {
    const imported = await importRunFile(db, new Blob([report]), { fileName: "report.json", appVersion: "0.1.0", newRunId: () => "artillery-run", now: () => 42 });
    expect(imported.records).toBe(0);
    expect(await countRecords(db, "artillery-run")).toBe(0);
    expect(imported.run).toMatchObject({ id: "artillery-run", status: "completed", imported: { format: "artillery", fileName: "report.json" }, origin: { tool: "artillery" } });
    const counts = imported.rows.map((row) => [row.targetId, row.requests, row.failedRequests]);
    expect(counts).toEqual([
      ["err503", 6, 6],
      ["fast", 6, 0],
    ]);
    // As after a change of how summaries are computed: a run of records would be summarised again; this one has only its file's table.
    const stored = (await db.runs.get("artillery-run"))!;
    await db.runs.put({ ...stored, summary: { ...stored.summary!, statsVersion: 0 } });
    const again = await summaryOfRun(db, (await db.runs.get("artillery-run"))!);
    expect(again.map((row) => [row.targetId, row.requests, row.failedRequests])).toEqual(counts);
    expect(again.find((row) => row.targetId === "fast")!.latencyMs.p50).toBe(198.4);
  });
});
