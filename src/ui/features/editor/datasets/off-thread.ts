// The dataset worker behind two promises. Where no Worker exists (happy-dom in tests) the same pure functions
// run in place. A worker that fails or takes too long is stopped and said so.
import type { DatasetFormat, DatasetParseResult } from "../../../../core/datasets";
import type { TemplateCheck } from "../../../../core/template/template-preview";
import type { DatasetWorkerRequest } from "./dataset.worker";

/** Past the template's own time limit (3 s), so its clearer message comes first when it can. */
const WORKER_TIMEOUT_MS = 10_000;

function inWorker<Result>(request: DatasetWorkerRequest, stopped: (why: string) => Result): Promise<Result> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL("./dataset.worker.ts", import.meta.url), { type: "module" });
    const finish = (result: Result): void => {
      clearTimeout(timer);
      worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => finish(stopped(`took longer than ${WORKER_TIMEOUT_MS / 1000} s and was stopped`)), WORKER_TIMEOUT_MS);
    worker.onmessage = (event: MessageEvent<Result>) => finish(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      finish(stopped(`failed: ${event.message || "the worker crashed (out of memory?)"}`));
    };
    worker.postMessage(request);
  });
}

export function parseDatasetOffThread(text: string, format: DatasetFormat): Promise<DatasetParseResult> {
  if (typeof Worker === "undefined") return import("../../../../core/datasets").then((datasets) => datasets.parseDataset(text, format));
  return inWorker<DatasetParseResult>({ kind: "parse", text, format }, (why) => ({ ok: false, errors: [{ row: null, line: null, message: `reading the file ${why}` }] }));
}

export function checkTemplateOffThread(source: string, rows: Record<string, unknown>[]): Promise<TemplateCheck> {
  if (typeof Worker === "undefined") return import("../../../../core/template/template-preview").then((preview) => preview.checkTemplateRows(source, rows));
  return inWorker<TemplateCheck>({ kind: "check", source, rows }, (why) => ({
    syntax: null,
    rowErrors: [],
    failedRows: 0,
    limit: `checking the template ${why}`,
    unfilledVariables: [],
  }));
}
