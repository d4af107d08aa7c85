// A request record's fields that say what was measured, every one empty (null, 0, false): what a record
// builder starts from before setting what it knows. One list, so a field added to RequestRecord is added
// here once, for the tests' record builder and the benchmarks' synthetic runs alike.
import type { RequestRecord } from "./record";

/** What names a request, when it went, how long it took and how it ended: every record sets these itself. */
export type RecordEssentials = Pick<RequestRecord, "runId" | "targetId" | "inputIndex" | "repetition" | "attempt" | "warmup" | "startedAt" | "latencyMs" | "status">;

export const UNMEASURED_FIELDS = {
  ttftMs: null,
  errorKind: null,
  httpStatus: null,
  errorMessage: null,
  inputTokens: null,
  outputTokens: null,
  tokensEstimated: false,
  chunkCount: 0,
  output: null,
  outputBytes: 0,
  truncated: false,
  checksPassed: null,
  failedChecks: null,
  connectMs: null,
  tlsMs: null,
  waitingMs: null,
  receivingMs: null,
  connectionReused: null,
  clientReadMs: null,
  scheduledAt: null,
  queueMs: null,
  stage: null,
  retryAfterMs: null,
} as const satisfies Omit<RequestRecord, keyof RecordEssentials>;
