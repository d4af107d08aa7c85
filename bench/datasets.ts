// Template inputs at 10,000 rows: a CSV and a JSONL file parsed into a table (core/datasets), and the
// template checked against every row (core/template/template-preview), as the editor's worker and `run --dataset` do.
import { parseCsvDataset, parseJsonlDataset } from "../src/core/datasets";
import { checkTemplateRows } from "../src/core/template";
import { format, markdownTable, median } from "./measure-tools";

const ROWS = 10_000;
const TEMPLATE = "In {{ words }} words, explain {{ topic }} to a new engineer. Reply in JSON with one key, answer.";

export interface DatasetRow {
  step: string;
  medianMs: number;
  maxMs: number;
}

function timed(runs: number, work: () => void): { medianMs: number; maxMs: number } {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const startedAt = performance.now();
    work();
    times.push(performance.now() - startedAt);
  }
  return { medianMs: median(times), maxMs: Math.max(...times) };
}

export function measureDatasets(runs: number): DatasetRow[] {
  const csv = ["topic,words", ...Array.from({ length: ROWS }, (_, index) => `"topic ${index}, quoted ""here""\nand a second line",${index % 50}`)].join("\r\n");
  const jsonl = Array.from({ length: ROWS }, (_, index) => JSON.stringify({ topic: `topic ${index}`, words: index % 50 })).join("\n");
  const parsed = parseCsvDataset(csv);
  if (!parsed.ok) throw new Error("the benchmark's CSV does not parse");
  return [
    { step: `CSV, ${ROWS.toLocaleString("en-US")} rows (quoted fields, embedded newlines)`, ...timed(runs, () => parseCsvDataset(csv)) },
    { step: `JSONL, ${ROWS.toLocaleString("en-US")} rows`, ...timed(runs, () => parseJsonlDataset(jsonl)) },
    { step: `template checked on ${ROWS.toLocaleString("en-US")} rows`, ...timed(runs, () => checkTemplateRows(TEMPLATE, parsed.table.rows)) },
  ];
}

export function datasetsTable(rows: DatasetRow[]): string {
  return markdownTable(
    ["step", "median ms", "max ms", "goal ≤ 500 ms"],
    rows.map((row) => [row.step, format(row.medianMs, 1), format(row.maxMs, 1), row.medianMs <= 500 ? "met" : "missed"]),
  );
}
