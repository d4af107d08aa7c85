// When a run is too large to read whole in the page, and how the views that need every record say so.
import { formatCount } from "../../components/ui/format";

/**
 * Above this many records the page reads columns, not records: a million records as objects hold close
 * to a gigabyte of heap and take many seconds to read back (BENCHMARKS.md, "Compare page of a 1,000,000-record run").
 */
export const LARGE_RUN_RECORDS = 100_000;

/** Why a view is not drawn or a test not made for such a run, and where it is: one sentence for every view. */
export const LARGE_RUN_LEFT_TO_CLI = `a run of more than ${formatCount(LARGE_RUN_RECORDS)} records is not read whole in the browser; "npm run cli -- analyze" on its bundle or JSONL (with --baseline for two runs) gives what is left out here.`;
