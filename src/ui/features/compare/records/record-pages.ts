// Where the records table gets a record to show: the records in memory (a run small enough to read
// whole), or pages of a stored run read when they scroll into view and let go of when they scroll out,
// so a run of a million records never sits in the page as objects.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { RequestRecord } from "../../../../core/record";
import { describeError } from "../../../../core/text/describe-error";
import { readRecordRange } from "../../../../store/queries";
import { useAppDb } from "../../../lib/app-db";

export interface RecordPages {
  /** The record at this run position; undefined while its page is read. */
  get(position: number): RequestRecord | undefined;
  /** Asks for the pages holding these positions; the table draws again when they arrive. */
  want(positions: readonly number[]): void;
  /** Why a page could not be read, if one could not. */
  error: string | null;
}

export function inMemoryPages(records: readonly RequestRecord[]): RecordPages {
  return { get: (position) => records[position], want: () => undefined, error: null };
}

/** Records per page read: one stored row's worth. */
export const RECORDS_PER_PAGE = 1000;
/** Pages kept: a screenful of rows and the pages either side of it, whatever filter is on. */
const PAGES_KEPT = 12;

/** Pages of a stored run's records, read on demand; the oldest page read is let go first. */
export function useStoredRecordPages(runId: string): RecordPages {
  const db = useAppDb();
  const pages = useRef(new Map<number, RequestRecord[]>());
  const reading = useRef(new Set<number>());
  const [, setPagesRead] = useState(0);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    pages.current.clear();
    reading.current.clear();
    setError(null);
  }, [runId]);

  const want = useCallback(
    (positions: readonly number[]) => {
      const wanted = new Set(positions.map((position) => Math.floor(position / RECORDS_PER_PAGE)));
      for (const page of wanted) {
        if (pages.current.has(page) || reading.current.has(page)) continue;
        reading.current.add(page);
        readRecordRange(db, runId, page * RECORDS_PER_PAGE, (page + 1) * RECORDS_PER_PAGE).then(
          (records) => {
            reading.current.delete(page);
            pages.current.set(page, records);
            for (const old of pages.current.keys()) {
              if (pages.current.size <= PAGES_KEPT) break;
              if (!wanted.has(old)) pages.current.delete(old);
            }
            setPagesRead((count) => count + 1);
          },
          (failure: unknown) => {
            reading.current.delete(page);
            setError(describeError(failure));
          },
        );
      }
    },
    [db, runId],
  );
  const get = useCallback((position: number) => pages.current.get(Math.floor(position / RECORDS_PER_PAGE))?.[position % RECORDS_PER_PAGE], []);
  return useMemo(() => ({ get, want, error }), [get, want, error]);
}
