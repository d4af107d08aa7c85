// A dataset file's text read by its format, after the one check of its size both formats share.
import { parseCsvDataset } from "./csv-dataset";
import { datasetTextError, type DatasetFormat, type DatasetParseResult } from "./dataset";
import { parseJsonlDataset } from "./jsonl-dataset";

export function parseDataset(text: string, format: DatasetFormat): DatasetParseResult {
  const tooLong = datasetTextError(text);
  if (tooLong !== null) return { ok: false, errors: [tooLong] };
  return format === "csv" ? parseCsvDataset(text) : parseJsonlDataset(text);
}
