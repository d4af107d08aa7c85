// Parses a dataset file and checks a template against every row off the page's main thread: 10,000 rows
// take a few hundred milliseconds on a busy machine, which the page must not spend frozen.
import { parseDataset, type DatasetFormat } from "../../../../core/datasets";
import { checkTemplateRows } from "../../../../core/template/template-preview";

export type DatasetWorkerRequest =
  | { kind: "parse"; text: string; format: DatasetFormat }
  | { kind: "check"; source: string; rows: Record<string, unknown>[] };

// Typed by hand: the project's DOM types describe a window, not a worker's global scope.
const scope = globalThis as unknown as { onmessage: ((event: MessageEvent<DatasetWorkerRequest>) => void) | null; postMessage(message: unknown): void };
scope.onmessage = (event) => {
  const request = event.data;
  scope.postMessage(request.kind === "parse" ? parseDataset(request.text, request.format) : checkTemplateRows(request.source, request.rows));
};
