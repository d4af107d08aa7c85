import { recordsToCsv, summaryToCsv } from "../../../core/csv";
import type { RequestRecord } from "../../../core/record";
import type { Scenario } from "../../../core/scenario";
import type { SummaryRow } from "../../../core/stats";
import { targetDisplayName } from "../../../core/target-names";
import { downloadCsv, exportFileName } from "./download";
import { runStartMs } from "./record-series";
import "./compare.css";

/** The two CSV downloads of a run: every request attempt, and the per-target summary. */
export function ExportButtons(props: { runId: string; scenario: Scenario; runLabel: string; records: RequestRecord[]; rows: SummaryRow[] }) {
  const { runId, scenario, runLabel, records, rows } = props;
  // Built on click, not on render: a large run's CSV is tens of megabytes nobody may ask for.
  const fileName = (kind: "records" | "summary") => exportFileName(scenario.name, runStartMs(records), runLabel, kind);
  const summaryCsv = () =>
    summaryToCsv(rows, { runId, scenarioName: scenario.name, targetLabel: (targetId) => targetDisplayName(scenario, targetId) });
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
        onClick={() => downloadCsv(fileName("summary"), summaryCsv())}
      >
        Summary CSV
      </button>
    </div>
  );
}
