// Streams records to JSONL and CSV files as they are measured, so a long run keeps memory flat and a
// killed run leaves valid files up to the last complete line.
import { createWriteStream, type WriteStream } from "node:fs";
import { once } from "node:events";
import { recordsCsvHeader, recordToCsvLine } from "../core/csv";
import { RECORD_FIELDS, type RequestRecord } from "../core/record";

/** Keys in DESIGN.md order, so every line reads the same. */
export function recordToJsonLine(record: RequestRecord): string {
  const ordered: Record<string, unknown> = {};
  for (const field of RECORD_FIELDS) ordered[field] = record[field];
  return `${JSON.stringify(ordered)}\n`;
}

export interface RecordFiles {
  write(record: RequestRecord): void;
  close(): Promise<void>;
}

export async function openRecordFiles(paths: { jsonlPath: string | undefined; csvPath: string | undefined }): Promise<RecordFiles> {
  const outputs: { stream: WriteStream; format: (record: RequestRecord) => string }[] = [];
  if (paths.jsonlPath) outputs.push({ stream: await openFile(paths.jsonlPath), format: recordToJsonLine });
  if (paths.csvPath) {
    const stream = await openFile(paths.csvPath);
    stream.write(recordsCsvHeader());
    outputs.push({ stream, format: recordToCsvLine });
  }
  return {
    write(record) {
      for (const output of outputs) output.stream.write(output.format(record));
    },
    async close() {
      await Promise.all(
        outputs.map(async ({ stream }) => {
          stream.end();
          await once(stream, "finish");
        }),
      );
    },
  };
}

/** Opens for writing and surfaces a bad path now, before any request is sent. */
async function openFile(path: string): Promise<WriteStream> {
  const stream = createWriteStream(path, { encoding: "utf8" });
  await Promise.race([
    once(stream, "open"),
    once(stream, "error").then(([error]) => {
      throw new Error(`cannot write ${path}: ${(error as Error).message}`);
    }),
  ]);
  return stream;
}
