// Azure's LLM inference traces (Azure/AzurePublicDataset: AzureLLMInferenceTrace_code.csv, _conv.csv
// of 2023, and the week-long ones of 2024): columns `TIMESTAMP` (a date and time,
// `2023-11-16 18:17:03.9799600`, in 2024 with a `+00:00` offset), `ContextTokens`, `GeneratedTokens`.
import { quoteValue, tokenCountOf, type TraceErrors, type TraceRow } from "./trace";
import { readCsvTrace } from "./trace-csv";

const COLUMNS = ["TIMESTAMP", "ContextTokens", "GeneratedTokens"] as const;

/** Date and time with any number of second's digits, and an offset or not (then read as UTC: only differences count). */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})?$/;

/** Milliseconds since 1970 of an Azure trace's TIMESTAMP, fractions of a millisecond kept; null if it is not one. */
export function azureTimestampMs(text: string): number | null {
  const match = TIMESTAMP.exec(text);
  if (match === null) return null;
  const [, year, month, day, hour, minute, second, fraction = "", offset = "Z"] = match;
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  // Date.UTC rolls 2023-02-30 over to March: a date that does not exist is refused, not moved.
  const date = new Date(wall);
  if (date.getUTCDate() !== Number(day) || date.getUTCMonth() !== Number(month) - 1 || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  const offsetMinutes = offset === "Z" ? 0 : (offset.startsWith("-") ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(-2)));
  return wall + (fraction === "" ? 0 : Number(`0.${fraction}`) * 1000) - offsetMinutes * 60_000;
}

export function readAzureTrace(text: string, errors: TraceErrors): TraceRow[] {
  return readCsvTrace(text, COLUMNS, errors, ({ line, cell }) => {
    const before = errors.total;
    const timeMs = azureTimestampMs(cell("TIMESTAMP"));
    if (timeMs === null) errors.add({ line, field: "TIMESTAMP", message: `must be a date and time such as 2023-11-16 18:17:03.9799600, got ${quoteValue(cell("TIMESTAMP"))}` });
    const inputTokens = tokenCountOf(cell("ContextTokens"));
    if (typeof inputTokens === "string") errors.add({ line, field: "ContextTokens", message: inputTokens });
    const outputTokens = tokenCountOf(cell("GeneratedTokens"));
    if (typeof outputTokens === "string") errors.add({ line, field: "GeneratedTokens", message: outputTokens });
    if (errors.total > before) return null;
    return { line, timeMs: timeMs!, inputTokens: inputTokens as number, outputTokens: outputTokens as number };
  });
}
