// @vitest-environment happy-dom
// The schema only moves forward: a database written by any earlier version opens without losing rows.
import "fake-indexeddb/auto";
import Dexie from "dexie";
import { afterEach, describe, expect, it } from "vitest";
import { summarize } from "../../../src/core/stats";
import { ProviderBenchDb, SCHEMA_VERSIONS, type StoredRun } from "../../../src/store/db";
import { countRecords, readRecordColumns, recordsOfRun } from "../../../src/store/record-store";
import { recordColumns } from "../../../src/core/record";
import { testRecord, testRun, testScenario } from "./fixtures";

/**
 * How each shipped version was declared, frozen here on purpose: db.ts may append versions but must
 * never edit these. A future version 2 adds its entry and a seed that writes version-2-shaped rows.
 */
const SHIPPED_SCHEMAS: Record<number, Record<string, string | null>> = {
  1: {
    scenarios: "id, name, updatedAt",
    runs: "id, scenarioId, status, startedAt",
    records: "++id, runId, [runId+targetId], [runId+inputIndex]",
    blobs: "id, runId",
  },
  2: {
    scenarios: "id, name, updatedAt",
    runs: "id, scenarioId, status, startedAt",
    records: "++id, runId, [runId+targetId], [runId+inputIndex]",
    blobs: "id, runId",
  },
  3: {
    scenarios: "id, name, updatedAt",
    runs: "id, scenarioId, status, startedAt",
    records: "++id, runId, [runId+targetId], [runId+inputIndex]",
    blobs: "id, runId, *runIds",
  },
  4: {
    scenarios: "id, name, updatedAt",
    runs: "id, scenarioId, status, startedAt",
    records: null,
    recordChunks: "[runId+first]",
    blobs: "id, runId, *runIds",
  },
  5: {
    scenarios: "id, name, updatedAt",
    runs: "id, scenarioId, status, startedAt",
    recordChunks: "[runId+first]",
    recordColumns: "[runId+first]",
    blobs: "id, runId, *runIds",
  },
};

/** The summary table version 1 kept inside a finished run's `headline`. */
const VERSION_1_ROWS = summarize([testRecord("r1", 0), testRecord("r1", 1)], ["fast", "slow"]);

/** A run row as the app at `version` stored it. */
function runRowAtVersion(version: number, id: string, overrides: Partial<StoredRun> = {}): Record<string, unknown> {
  const { summary, ...row } = testRun(id, overrides);
  if (version >= 2) return { ...row, summary };
  const finished = row.status !== "running";
  return {
    ...row,
    headline: finished ? { count: 2, errorCount: 0, targets: [{ targetId: "fast", count: 1, errorCount: 0, p50LatencyMs: 100 }], summary: VERSION_1_ROWS } : null,
  };
}

const openedNames: string[] = [];
afterEach(async () => {
  for (const name of openedNames.splice(0)) await Dexie.delete(name);
});

/** Writes a database exactly as the app at `version` did, with rows in every table. */
async function seedDatabaseAtVersion(version: number): Promise<string> {
  const name = `schema-v${version}-${crypto.randomUUID()}`;
  openedNames.push(name);
  const old = new Dexie(name);
  for (let v = 1; v <= version; v++) old.version(v).stores(SHIPPED_SCHEMAS[v]!);
  await old.open();
  await old.table("scenarios").add({ id: "s1", name: "saved", spec: testScenario(), createdAt: 1, updatedAt: 2 });
  await old.table("runs").bulkAdd([runRowAtVersion(version, "r1"), runRowAtVersion(version, "r2", { status: "running", finishedAt: null })]);
  if (version >= 4) {
    const chunks = [
      { runId: "r1", first: 0, records: [testRecord("r1", 0), testRecord("r1", 1)] },
      { runId: "r2", first: 0, records: [testRecord("r2", 0)] },
    ];
    await old.table("recordChunks").bulkAdd(chunks);
    if (version >= 5) await old.table("recordColumns").bulkAdd(chunks.map((chunk) => ({ runId: chunk.runId, first: chunk.first, columns: recordColumns(chunk.records) })));
  } else {
    await old.table("records").bulkAdd([testRecord("r1", 0), testRecord("r1", 1), testRecord("r2", 0)]);
  }
  await old.table("blobs").add({ id: "b1", runId: "r1", mimeType: "image/png", data: new Blob(["png"]), ...(version >= 3 ? { runIds: ["r1"] } : {}) });
  old.close();
  return name;
}

describe("ProviderBenchDb schema", () => {
  it("declares every shipped version, oldest first, and edits none of them", () => {
    expect(SCHEMA_VERSIONS.map((entry) => entry.version)).toEqual(Object.keys(SHIPPED_SCHEMAS).map(Number));
    for (const entry of SCHEMA_VERSIONS) expect(entry.stores).toEqual(SHIPPED_SCHEMAS[entry.version]);
  });

  for (const version of Object.keys(SHIPPED_SCHEMAS).map(Number)) {
    it(`keeps every row of a version ${version} database when the current code opens it`, async () => {
      const name = await seedDatabaseAtVersion(version);
      const db = new ProviderBenchDb(name);
      await db.open();
      expect(db.verno).toBe(SCHEMA_VERSIONS.at(-1)!.version);
      expect(await db.scenarios.count()).toBe(1);
      expect((await db.scenarios.get("s1"))?.spec.targets.map((target) => target.id)).toEqual(["fast", "slow"]);
      expect((await db.runs.toArray()).map((run) => run.id).sort()).toEqual(["r1", "r2"]);
      expect(await recordsOfRun(db, "r1")).toEqual([testRecord("r1", 0), testRecord("r1", 1)]);
      expect(await recordsOfRun(db, "r2")).toEqual([testRecord("r2", 0)]);
      expect(await db.blobs.count()).toBe(1);
      db.close();
    });
  }
});

describe("ProviderBenchDb upgrade from version 1", () => {
  it("moves a run's stored summary table into a versioned summary, and leaves a run without one to be computed from its records", async () => {
    const name = await seedDatabaseAtVersion(1);
    const db = new ProviderBenchDb(name);
    const [finished, running] = [await db.runs.get("r1"), await db.runs.get("r2")];
    expect(finished!.summary).toEqual({ statsVersion: 1, rows: VERSION_1_ROWS });
    expect(running!.summary).toBeNull();
    expect(finished).not.toHaveProperty("headline");
    expect(running).not.toHaveProperty("headline");
    expect(finished).toMatchObject({ status: "completed", scenarioName: "store test", planned: 2 });
    db.close();
  });
});

describe("ProviderBenchDb upgrade from version 2", () => {
  it("gives every blob its run in runIds, so the multi-entry index finds it", async () => {
    const name = await seedDatabaseAtVersion(2);
    const db = new ProviderBenchDb(name);
    expect((await db.blobs.get("b1"))?.runIds).toEqual(["r1"]);
    expect((await db.blobs.where("runIds").equals("r1").toArray()).map((blob) => blob.id)).toEqual(["b1"]);
    db.close();
  });
});

describe("ProviderBenchDb with another tab upgrading the schema", () => {
  /** Opens the database at a higher version the way a newer app in another tab would; reports `blocked`. */
  function openNewerVersion(name: string, version: number): Promise<{ blocked: boolean; stores: string[] }> {
    return new Promise((resolve, reject) => {
      let blocked = false;
      const request = indexedDB.open(name, version);
      request.onblocked = () => (blocked = true);
      request.onupgradeneeded = () => request.result.createObjectStore("notes", { keyPath: "id" });
      request.onsuccess = () => {
        const stores = Array.from(request.result.objectStoreNames).sort();
        request.result.close();
        resolve({ blocked, stores });
      };
      request.onerror = () => reject(request.error);
    });
  }

  it("lets go of its connection at once, says why, and the rows stay readable after a reopen", async () => {
    const name = await seedDatabaseAtVersion(1);
    const db = new ProviderBenchDb(name);
    await db.open();
    let heard = 0;
    db.onClosedElsewhere(() => heard++);

    const upgrade = await openNewerVersion(name, db.verno * 10 + 1);
    expect(upgrade).toEqual({ blocked: false, stores: ["blobs", "notes", "recordChunks", "recordColumns", "runs", "scenarios"] });
    expect(heard).toBe(1);
    expect(db.closedElsewhere).toBe("upgraded");
    expect(db.isOpen()).toBe(false);
    // Closed for good: the old code does not reopen a schema it does not know.
    await expect(db.runs.count()).rejects.toThrow(/closed/i);

    // What a reload does: the current code opens the newer database and reads every row.
    const reopened = new ProviderBenchDb(name);
    expect((await reopened.runs.toArray()).map((run) => run.id).sort()).toEqual(["r1", "r2"]);
    expect(await countRecords(reopened, "r1")).toBe(2);
    reopened.close();
  });

  it("lets go when another tab deletes the database", async () => {
    const name = await seedDatabaseAtVersion(1);
    const db = new ProviderBenchDb(name);
    await db.open();
    await Dexie.delete(name);
    expect(db.closedElsewhere).toBe("deleted");
  });
});

describe("ProviderBenchDb upgrade to version 4 (records in chunks)", () => {
  it("moves every record of every run into chunks, field for field and in the order recorded, and keeps every run and blob", async () => {
    const name = `schema-v3-populated-${crypto.randomUUID()}`;
    openedNames.push(name);
    const old = new Dexie(name);
    old.version(3).stores(SHIPPED_SCHEMAS[3] as Record<string, string>);
    await old.open();
    const runIds = ["big", "small", "empty", "interleaved"];
    await old.table("runs").bulkAdd(runIds.map((id) => runRowAtVersion(3, id)));
    // Records as they arrive: two runs interleaved (two tabs), one run longer than two chunks and more
    // than one upgrade page, fields that vary (errors, absent ones, nested objects) so a dropped or
    // reordered field shows.
    const written = new Map<string, ReturnType<typeof testRecord>[]>(runIds.map((id) => [id, []]));
    const rows: ReturnType<typeof testRecord>[] = [];
    for (let index = 0; index < 7_300; index++) {
      const runId = index % 5 === 0 ? "interleaved" : index < 7_290 ? "big" : "small";
      const ordinal = written.get(runId)!.length;
      const record = testRecord(runId, ordinal, {
        ttftMs: ordinal % 7 === 0 ? null : ordinal / 3,
        ...(ordinal % 11 === 0 ? { status: "error" as const, errorKind: "http_5xx" as const, httpStatus: 503, errorMessage: `failure ${ordinal}` } : {}),
      });
      written.get(runId)!.push(record);
      rows.push(record);
    }
    await old.table("records").bulkAdd(rows);
    await old.table("blobs").bulkAdd([
      { id: "b1", runId: "big", runIds: ["big", "small"], mimeType: "image/png", data: new Blob(["png"]) },
      { id: "b2", runId: "", runIds: [], mimeType: "audio/wav", data: new Blob(["wav"]), name: "voice.wav" },
    ]);
    old.close();

    const db = new ProviderBenchDb(name);
    await db.open();
    expect(db.verno).toBe(SCHEMA_VERSIONS.at(-1)!.version);
    expect(db.tables.map((table) => table.name).sort()).toEqual(["blobs", "recordChunks", "recordColumns", "runs", "scenarios"]);
    expect((await db.runs.toArray()).map((run) => run.id).sort()).toEqual([...runIds].sort());
    for (const runId of runIds) {
      expect(await countRecords(db, runId)).toBe(written.get(runId)!.length);
      expect(await recordsOfRun(db, runId)).toEqual(written.get(runId));
    }
    expect(written.get("big")!.length).toBeGreaterThan(5_000);
    const bigRows = await db.recordChunks.where("[runId+first]").between(["big", -Infinity], ["big", Infinity]).toArray();
    expect(bigRows.map((row) => row.first)).toEqual(bigRows.map((_, index) => index * 1000));
    const blobs = await db.blobs.toArray();
    expect(blobs.map(({ data: _data, ...blob }) => blob)).toEqual([
      { id: "b1", runId: "big", runIds: ["big", "small"], mimeType: "image/png" },
      { id: "b2", runId: "", runIds: [], mimeType: "audio/wav", name: "voice.wav" },
    ]);
    expect(blobs.every((blob) => blob.data !== undefined)).toBe(true);
    db.close();
  });
});

describe("ProviderBenchDb upgrade to version 5 (columns beside the chunks)", () => {
  it("gives every stored chunk its columns, so a run's columns read back as those of its records, and keeps every record", async () => {
    const name = `schema-v4-populated-${crypto.randomUUID()}`;
    openedNames.push(name);
    const old = new Dexie(name);
    for (let v = 1; v <= 4; v++) old.version(v).stores(SHIPPED_SCHEMAS[v]!);
    await old.open();
    await old.table("runs").bulkAdd([runRowAtVersion(4, "long"), runRowAtVersion(4, "short")]);
    const long = Array.from({ length: 2_345 }, (_, index) =>
      testRecord("long", index, {
        targetId: index % 3 === 0 ? "slow" : "fast",
        ttftMs: index % 7 === 0 ? null : index / 3,
        ...(index % 11 === 0 ? { status: "error" as const, errorKind: "http_5xx" as const, httpStatus: 503, errorMessage: `failure ${index}` } : {}),
      }),
    );
    const short = [testRecord("short", 0), testRecord("short", 1, { warmup: true })];
    // Rows as version 4 wrote them: full ones, and a short one where an append was short.
    await old.table("recordChunks").bulkAdd([
      { runId: "long", first: 0, records: long.slice(0, 1000) },
      { runId: "long", first: 1000, records: long.slice(1000, 1300) },
      { runId: "long", first: 1300, records: long.slice(1300) },
      { runId: "short", first: 0, records: short },
    ]);
    old.close();

    const db = new ProviderBenchDb(name);
    await db.open();
    expect(db.verno).toBe(5);
    expect(await recordsOfRun(db, "long")).toEqual(long);
    expect(await recordsOfRun(db, "short")).toEqual(short);
    expect(await readRecordColumns(db, "long")).toEqual(recordColumns(long));
    expect(await readRecordColumns(db, "short")).toEqual(recordColumns(short));
    expect((await db.recordColumns.toArray()).map((row) => [row.runId, row.first, row.columns.length])).toEqual([
      ["long", 0, 1000],
      ["long", 1000, 300],
      ["long", 1300, 1045],
      ["short", 0, 2],
    ]);
    db.close();
  });
});
