// Where each record of a run goes as it arrives: the database (through a batching sink), the run's one
// summary accumulator, the window of recent records the live view may show, and the check for a rejected
// token. No list of every record is kept: a long run would hold them all in the page.
import type { RequestRecord } from "../core/record";
import type { SummaryAccumulator, SummaryRow } from "../core/stats";
import type { ProviderBenchDb } from "../store/db";
import { createRecordSink, recordStoreTable, type RecordSinkOptions } from "../store/record-sink";
import { describeError } from "../core/text/describe-error";
import { recentRecords } from "./recent-records";
import { RECENT_RECORDS_WINDOW, type RunProblem } from "./run-snapshot";

export interface RecordWiring {
  onRecord(record: RequestRecord): void;
  /** A record already stored (a resumed run's earlier ones): counted and shown, not written again. */
  onStoredRecord(record: RequestRecord): void;
  /** The last RECENT_RECORDS_WINDOW records, oldest first (a new array each call). */
  recentRecords(): RequestRecord[];
  summarize(): SummaryRow[];
  /** Set once a batch could not be saved. */
  storageProblem(): RunProblem | null;
  tokenRejected(): boolean;
  /** Writes what is buffered now (the page may be about to go away). */
  flush(): void;
  /** Writes what is left and resolves once every batch has been tried. */
  close(): Promise<void>;
}

export interface RecordWiringOptions {
  db: ProviderBenchDb;
  accumulator: SummaryAccumulator;
  targetOrder: string[];
  /** Targets that call Hugging Face providers: their 401 and 403 mean the token was refused. */
  providerTargetIds: ReadonlySet<string>;
  sinkOptions?: RecordSinkOptions | undefined;
}

export function wireRecords(options: RecordWiringOptions): RecordWiring {
  const { accumulator, targetOrder, providerTargetIds } = options;
  const recent = recentRecords(RECENT_RECORDS_WINDOW);
  let storageProblem: RunProblem | null = null;
  let tokenRejected = false;
  const sink = createRecordSink(recordStoreTable(options.db), {
    ...options.sinkOptions,
    onError: (error) => {
      storageProblem = { kind: "storage", message: `Some records could not be saved: ${describeError(error)}` };
    },
  });
  return {
    onRecord(record) {
      sink.write(record);
      accumulator.add(record);
      recent.add(record);
      if ((record.httpStatus === 401 || record.httpStatus === 403) && providerTargetIds.has(record.targetId)) tokenRejected = true;
    },
    onStoredRecord(record) {
      accumulator.add(record);
      recent.add(record);
    },
    recentRecords: recent.toArray,
    summarize: () => accumulator.summarize(targetOrder),
    storageProblem: () => storageProblem,
    tokenRejected: () => tokenRejected,
    flush: () => void sink.flush(),
    close: () => sink.close(),
  };
}
