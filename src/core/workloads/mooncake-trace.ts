// Mooncake's trace format (kvcache-ai/Mooncake, FAST'25): one JSON object a line,
// `{"timestamp": 27482, "input_length": 6955, "output_length": 52, "hash_ids": [46, 47, …]}`, the
// timestamp in milliseconds from the trace's start, each hash id one 512-token block of the prompt
// (the same id, the same block). Other keys (a session id, say) are left alone.
import { parseJsonText } from "../text";
import { MAX_TRACE_ROWS, quoteValue, tokenCountOf, TraceErrors, type TraceRow } from "./trace";

export function readMooncakeTrace(text: string, errors: TraceErrors): TraceRow[] {
  const rows: TraceRow[] = [];
  const lines = text.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const source = lines[index]!.endsWith("\r") ? lines[index]!.slice(0, -1) : lines[index]!;
    if (source.trim() === "") continue;
    const line = index + 1;
    if (rows.length === MAX_TRACE_ROWS) {
      errors.add({ line, message: `more than ${MAX_TRACE_ROWS.toLocaleString("en-US")} requests: cut the trace to the part to replay` });
      break;
    }
    const row = mooncakeRow(source, line, errors);
    if (row !== null) rows.push(row);
  }
  return rows;
}

function mooncakeRow(source: string, line: number, errors: TraceErrors): TraceRow | null {
  const parsed = parseJsonText(source);
  if (!parsed.ok) {
    errors.add({ line, message: `not JSON: column ${parsed.error.column}: ${parsed.error.reason}` });
    return null;
  }
  const value = parsed.value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    errors.add({ line, message: 'must be a JSON object such as {"timestamp": 0, "input_length": 512, "output_length": 128, "hash_ids": [0]}' });
    return null;
  }
  const fields = value as Record<string, unknown>;
  const before = errors.total;
  const timeMs = fields.timestamp;
  if (timeMs === undefined) errors.add({ line, field: "timestamp", message: "required (milliseconds from the trace's start)" });
  else if (typeof timeMs !== "number" || !Number.isFinite(timeMs) || timeMs < 0) errors.add({ line, field: "timestamp", message: `must be milliseconds, 0 or more, got ${quoteValue(timeMs)}` });
  const inputTokens = lengthField(fields, "input_length", line, errors);
  const outputTokens = lengthField(fields, "output_length", line, errors);
  const hashIds = hashIdsField(fields.hash_ids, line, errors);
  if (errors.total > before) return null;
  return { line, timeMs: timeMs as number, inputTokens: inputTokens!, outputTokens: outputTokens!, ...(hashIds === undefined ? {} : { hashIds }) };
}

function lengthField(fields: Record<string, unknown>, name: string, line: number, errors: TraceErrors): number | null {
  if (fields[name] === undefined) {
    errors.add({ line, field: name, message: "required (a number of tokens)" });
    return null;
  }
  const count = tokenCountOf(fields[name]);
  if (typeof count === "string") {
    errors.add({ line, field: name, message: count });
    return null;
  }
  return count;
}

function hashIdsField(value: unknown, line: number, errors: TraceErrors): number[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    errors.add({ line, field: "hash_ids", message: `must be a list of whole numbers, got ${quoteValue(value)}` });
    return undefined;
  }
  const wrong = value.findIndex((id) => typeof id !== "number" || !Number.isSafeInteger(id));
  if (wrong !== -1) {
    errors.add({ line, field: "hash_ids", message: `item ${wrong} must be a whole number, got ${quoteValue(value[wrong])}` });
    return undefined;
  }
  return value as number[];
}
