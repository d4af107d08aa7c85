// The reference for the record sink: the same records added with the bare IndexedDB API, in one
// transaction, to a store with the app's key and indexes (SCHEMA_VERSIONS' `records` line), so the
// difference between the two is what dexie and the sink's batching cost; and to a store with the
// runId index alone, the only one the app's queries use, to show what the two compound indexes cost.
import type { RequestRecord } from "../../../src/core/record";
import type { ReferenceIndexes } from "./bench-page-api";

const REFERENCE_DATABASE = "providerbench-raw-reference";

function openReferenceDatabase(indexes: ReferenceIndexes): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(REFERENCE_DATABASE, 1);
    request.onupgradeneeded = () => {
      // "++id, runId, [runId+targetId], [runId+inputIndex]" in dexie's notation.
      const store = request.result.createObjectStore("records", { keyPath: "id", autoIncrement: true });
      store.createIndex("runId", "runId");
      if (indexes === "app's three") {
        store.createIndex("[runId+targetId]", ["runId", "targetId"]);
        store.createIndex("[runId+inputIndex]", ["runId", "inputIndex"]);
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Milliseconds from the first add() to the transaction's completion. */
export async function addRecordsRaw(records: readonly RequestRecord[], indexes: ReferenceIndexes): Promise<number> {
  const database = await openReferenceDatabase(indexes);
  try {
    return await new Promise<number>((resolve, reject) => {
      const startedAt = performance.now();
      const transaction = database.transaction("records", "readwrite");
      const store = transaction.objectStore("records");
      for (const record of records) store.add({ ...record });
      transaction.oncomplete = () => resolve(performance.now() - startedAt);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error ?? new Error("the transaction was aborted"));
    });
  } finally {
    database.close();
  }
}
