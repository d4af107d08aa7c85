// Test helpers over the record store's table: every record stored, whatever run it belongs to.
import type { ProviderBenchDb } from "../../../src/store/db";
import type { RequestRecord } from "../../../src/core/record";

export async function allStoredRecords(db: ProviderBenchDb): Promise<RequestRecord[]> {
  return (await db.recordChunks.toArray()).flatMap((row) => row.records);
}

export async function storedRecordCount(db: ProviderBenchDb): Promise<number> {
  return (await allStoredRecords(db)).length;
}
