// BurstGPT (HPMLL/BurstGPT): a CSV of ChatGPT and GPT-4 requests served on Azure, columns `Timestamp`
// (seconds from the trace's start), `Model`, `Request tokens`, `Response tokens`, `Total tokens`,
// `Log Type`; newer releases add `Session ID` and `Elapsed time`. Only the time and the two lengths are
// read. A failed request has 0 response tokens (the files without "without_fails" in their name keep
// them): such rows are set aside by the replay, counted, not sent.
import { quoteValue, tokenCountOf, type TraceErrors, type TraceRow } from "./trace";
import { readCsvTrace } from "./trace-csv";

const COLUMNS = ["Timestamp", "Request tokens", "Response tokens"] as const;

export function readBurstGptTrace(text: string, errors: TraceErrors): TraceRow[] {
  return readCsvTrace(text, COLUMNS, errors, ({ line, cell }) => {
    const before = errors.total;
    const seconds = cell("Timestamp") === "" ? NaN : Number(cell("Timestamp"));
    if (!Number.isFinite(seconds) || seconds < 0) errors.add({ line, field: "Timestamp", message: `must be seconds, 0 or more, got ${quoteValue(cell("Timestamp"))}` });
    const inputTokens = tokenCountOf(cell("Request tokens"));
    if (typeof inputTokens === "string") errors.add({ line, field: "Request tokens", message: inputTokens });
    const outputTokens = tokenCountOf(cell("Response tokens"));
    if (typeof outputTokens === "string") errors.add({ line, field: "Response tokens", message: outputTokens });
    if (errors.total > before) return null;
    return { line, timeMs: seconds * 1000, inputTokens: inputTokens as number, outputTokens: outputTokens as number };
  });
}
