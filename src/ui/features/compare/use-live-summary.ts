import { useMemo, useRef } from "react";
import type { RequestRecord } from "../../../core/record";
import { SummaryAccumulator, type SummaryRow } from "../../../core/stats";

interface Consumed {
  accumulator: SummaryAccumulator;
  count: number;
  firstRecord: RequestRecord | undefined;
}

/**
 * The summary of a run while its records arrive. Records of a live run only grow at the end, so each
 * render adds just the new ones to an accumulator instead of re-reading thousands of records 4 times a
 * second. A shorter list or a different first record means a different run: start over.
 */
export function useLiveSummary(records: RequestRecord[], targetIds: string[]): SummaryRow[] {
  const consumed = useRef<Consumed | null>(null);
  // By content, so a caller building a fresh targetIds array every render does not defeat the memo.
  const targetKey = targetIds.join("\u0000");
  return useMemo(() => {
    let state = consumed.current;
    if (state === null || records.length < state.count || records[0] !== state.firstRecord) {
      state = { accumulator: new SummaryAccumulator(), count: 0, firstRecord: records[0] };
      consumed.current = state;
    }
    for (let index = state.count; index < records.length; index++) {
      state.accumulator.add(records[index] as RequestRecord);
    }
    state.count = records.length;
    return state.accumulator.summarize(targetKey === "" ? [] : targetKey.split("\u0000"));
    // records.length is listed because a live list may grow in place (same array, more items).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the rule cannot know the array grows in place
  }, [records, records.length, targetKey]);
}
