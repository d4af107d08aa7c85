import type { RequestRecord } from "../../../core/record";
import { recordsToCsv, summaryToCsv } from "../../../core/csv";
import type { SummaryRow } from "../../../core/stats";
import { downloadCsv, exportFileName } from "./download";
import { runStartMs } from "./record-series";
import "./compare.css";

/** The two CSV downloads of a run: every request attempt, and the per-target summary. */
export function ExportButtons(props: { scenarioName: string; runLabel: string; records: RequestRecord[]; rows: SummaryRow[] }) {
  const { scenarioName, runLabel, records, rows } = props;
  // Built on click, not on render: a large run's CSV is tens of megabytes nobody may ask for.
  const fileName = (kind: "records" | "summary") => exportFileName(scenarioName, runStartMs(records), runLabel, kind);
  return (
    <div className="pb-export-buttons">
      <button
        type="button"
        className="pb-button"
        data-testid="export-records-csv"
        disabled={records.length === 0}
        onClick={() => downloadCsv(fileName("records"), recordsToCsv(records))}
      >
        Records CSV
      </button>
      <button
        type="button"
        className="pb-button"
        data-testid="export-summary-csv"
        disabled={rows.length === 0}
        onClick={() => downloadCsv(fileName("summary"), summaryToCsv(rows))}
      >
        Summary CSV
      </button>
    </div>
  );
}
