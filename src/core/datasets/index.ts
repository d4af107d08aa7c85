// Datasets of template variables: CSV and JSONL files read into one table shape, then mapped to variables.
import { parseCsvDataset } from "./csv-dataset";
import { datasetTextError, type DatasetFormat, type DatasetParseResult } from "./dataset";
import { parseJsonlDataset } from "./jsonl-dataset";

export * from "./dataset";
export * from "./column-mapping";
export { parseCsvDataset } from "./csv-dataset";
export { parseJsonlDataset } from "./jsonl-dataset";

export function parseDataset(text: string, format: DatasetFormat): DatasetParseResult {
  const tooLong = datasetTextError(text);
  if (tooLong !== null) return { ok: false, errors: [tooLong] };
  return format === "csv" ? parseCsvDataset(text) : parseJsonlDataset(text);
}
