// A stored run exported as a bundle and imported into a fresh database (fake-indexeddb) is the same run:
// the same records and the same summary numbers; it is tagged with where it was made; importing it twice,
// or a broken file, leaves nothing behind.
import "fake-indexeddb/auto";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RunFileProblem } from "../../../src/core/io/imports";
import { ProviderBenchDb } from "../../../src/store/db";
import { recordsOfRun } from "../../../src/store/queries";
import { appendRecords, countRecords } from "../../../src/store/record-store";
import { importRunFile, originOfRun, RunAlreadyStored, runBundleBlob } from "../../../src/store/run-bundle";
import { summaryOfRun } from "../../../src/store/run-summary";
import { testRecord, testRun } from "./fixtures";

let here: ProviderBenchDb;
let there: ProviderBenchDb;
beforeEach(async () => {
  here = new ProviderBenchDb(`bundle-here-${crypto.randomUUID()}`);
  there = new ProviderBenchDb(`bundle-there-${crypto.randomUUID()}`);
  await Promise.all([here.open(), there.open()]);
});
afterEach(async () => {
  await Promise.all([here.delete(), there.delete()]);
});

const records = Array.from({ length: 23 }, (_, index) =>
  testRecord("r", index, {
    latencyMs: 100 + ((index * 37) % 50),
    ttftMs: 20 + (index % 7),
    ...(index % 9 === 4 ? { status: "error" as const, errorKind: "http_5xx" as const, httpStatus: 503, output: null } : {}),
  }),
);

async function storeRun(): Promise<void> {
  await here.runs.add(testRun("r", { userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131" }));
  await appendRecords(here, records);
}

describe("run bundle export and import", () => {
  it("imports into a fresh database with the same records and identical summary numbers", async () => {
    await storeRun();
    const original = await summaryOfRun(here, (await here.runs.get("r"))!);
    const bundle = await runBundleBlob(here, "r");
    // Small batches: the import writes a chunk at a time, not the whole file at once.
    const imported = await importRunFile(there, bundle, { fileName: "store-test.pbrun.json.gz", appVersion: "0.1.0", batchSize: 5, now: () => 42 });
    expect(imported.records).toBe(23);
    expect(imported.rows).toEqual(original);
    expect(await recordsOfRun(there, "r")).toEqual(await recordsOfRun(here, "r"));
    expect(imported.run).toMatchObject({ id: "r", status: "completed", spec: testRun("r").spec, imported: { format: "providerbench-bundle", fileName: "store-test.pbrun.json.gz", importedAt: 42 } });
    // Made in a browser: that is where it says it came from, in the other browser.
    expect(imported.run.origin).toEqual({ label: null, tool: "providerbench-browser", toolVersion: "0.1.0", host: null, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131" });
    // The summary was stored on the row, computed by this code.
    expect((await there.runs.get("r"))!.summary?.rows).toEqual(original);
  });

  it("is a gzip of one JSON document", async () => {
    await storeRun();
    const bytes = new Uint8Array(await (await runBundleBlob(here, "r")).arrayBuffer());
    const document = JSON.parse(gunzipSync(bytes).toString("utf8")) as { run: { id: string }; records: unknown[] };
    expect(document.run.id).toBe("r");
    expect(document.records).toHaveLength(23);
  });

  it("keeps the origin of a run that was itself imported", async () => {
    const origin = { label: "eu-west", tool: "providerbench-cli" as const, toolVersion: "0.1.0", host: "build-01", userAgent: "Node v20" };
    await here.runs.add(testRun("r", { origin }));
    await appendRecords(here, records);
    expect(originOfRun((await here.runs.get("r"))!)).toEqual(origin);
    const imported = await importRunFile(there, await runBundleBlob(here, "r"), { fileName: "x.pbrun.json.gz", appVersion: "0.1.0" });
    expect(imported.run.origin).toEqual(origin);
  });

  it("imports a command line's --jsonl records file as the run it holds, with the same summary", async () => {
    await storeRun();
    const jsonl = records.map((record) => `${JSON.stringify(record)}\n`).join("");
    const imported = await importRunFile(there, new Blob([jsonl]), { fileName: "out.jsonl", appVersion: "0.1.0" });
    expect(imported.run).toMatchObject({ id: "r", planned: 23, imported: { format: "providerbench-records" }, origin: { tool: "providerbench-cli", label: null } });
    expect(imported.run.spec.targets.map((target) => target.id)).toEqual(["fast", "slow"]);
    expect(imported.rows).toEqual(await summaryOfRun(here, (await here.runs.get("r"))!));
  });

  it("imports a records file holding every line twice as the run counted once, and reports the duplicates", async () => {
    await storeRun();
    const jsonl = records.map((record) => `${JSON.stringify(record)}\n`).join("");
    const imported = await importRunFile(there, new Blob([jsonl + jsonl]), { fileName: "twice.jsonl", appVersion: "0.1.0" });
    expect(imported.records).toBe(23);
    expect(imported.report).toMatchObject({ duplicates: 23, orphanRetries: 0 });
    expect(imported.run.planned).toBe(23);
    expect(imported.rows).toEqual(await summaryOfRun(here, (await here.runs.get("r"))!));
  });

  it("refuses the same run twice and leaves the first one whole", async () => {
    await storeRun();
    const bundle = await runBundleBlob(here, "r");
    await importRunFile(there, bundle, { fileName: "a.pbrun.json.gz", appVersion: "0.1.0" });
    await expect(importRunFile(there, bundle, { fileName: "a.pbrun.json.gz", appVersion: "0.1.0" })).rejects.toBeInstanceOf(RunAlreadyStored);
    expect(await countRecords(there, "r")).toBe(23);
  });

  it("leaves no record behind when the file breaks half-way", async () => {
    await storeRun();
    const text = new TextDecoder().decode(gunzipSync(new Uint8Array(await (await runBundleBlob(here, "r")).arrayBuffer())));
    // The 15th record (line 16) is broken: by then 14 records were written, in batches of 2.
    const lines = text.split("\n");
    lines[15] = lines[15]!.replace(/"latencyMs":[\d.]+/, '"latencyMs":"slow"');
    const broken = lines.join("\n");
    expect(broken).not.toBe(text);
    const error = await importRunFile(there, new Blob([broken]), { fileName: "broken.pbrun.json", appVersion: "0.1.0", batchSize: 2 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RunFileProblem);
    expect((error as Error).message).toMatch(/^line 16: latencyMs: /);
    expect(await there.recordChunks.count()).toBe(0);
    expect(await there.runs.count()).toBe(0);
  });

  it("refuses a gzip that inflates to one 1 GiB line at the line limit, naming line 1, and stores nothing", async () => {
    // 1,024 gzip members of 1 MiB of "x" each: about 1 MiB, read as one stream of 1 GiB.
    const member = gzipSync("x".repeat(1024 * 1024));
    const bomb = new Blob(Array.from({ length: 1024 }, () => member));
    const error = await importRunFile(there, bomb, { fileName: "bomb.pbrun.json.gz", appVersion: "0.1.0" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RunFileProblem);
    expect((error as Error).message).toBe("line 1: longer than 256 Mi characters, the most a line may hold");
    expect(await there.runs.count()).toBe(0);
  });
});
