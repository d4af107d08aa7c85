import { useState } from "react";
import { recordsCsvHeader, recordsToCsv, recordToCsvLine, summaryToCsv } from "../../../core/io/csv";
import type { RequestRecord } from "../../../core/record";
import type { Scenario } from "../../../core/scenario";
import type { SummaryRow } from "../../../core/stats";
import { targetDisplayName } from "../../../core/scenario/target-names";
import { describeError } from "../../../core/text/describe-error";
import type { ProviderBenchDb } from "../../../store/db";
import { forEachRecordChunk } from "../../../store/queries";
import { downloadBlob, downloadCsv, exportFileName } from "../../components/download";
import "../../components/ui/ui.css";
import "./compare.css";
import { useAppDb } from "../../lib/app-db";

/**
 * A stored run's records CSV read a chunk at a time, each chunk's lines one part of the file: a run too
 * large to hold as objects (or as one string) is written without either.
 */
async function storedRecordsCsv(db: ProviderBenchDb, runId: string): Promise<Blob> {
  const parts: string[] = [recordsCsvHeader()];
  await forEachRecordChunk(db, runId, (chunk) => {
    let lines = "";
    for (const record of chunk) lines += recordToCsvLine(record);
    parts.push(lines);
  });
  return new Blob(parts, { type: "text/csv;charset=utf-8" });
}

/**
 * The two CSV downloads of a run: every request attempt, and the per-target summary. `records` null: a
 * run too large to be read whole, whose records CSV is read from the store on click.
 */
export function ExportButtons(props: {
  runId: string;
  scenario: Scenario;
  runLabel: string;
  records: RequestRecord[] | null;
  recordCount: number;
  runStartedAtMs: number | null;
  rows: SummaryRow[];
}) {
  const { runId, scenario, runLabel, records, recordCount, runStartedAtMs, rows } = props;
  const db = useAppDb();
  const [writing, setWriting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Built on click, not on render: a large run's CSV is tens of megabytes nobody may ask for.
  const fileName = (kind: "records" | "summary") => exportFileName(scenario.name, runStartedAtMs, runLabel, kind);
  const summaryCsv = () =>
    summaryToCsv(rows, { runId, scenarioName: scenario.name, targetLabel: (targetId) => targetDisplayName(scenario, targetId) });
  const exportRecords = (): void => {
    if (records !== null) return downloadCsv(fileName("records"), recordsToCsv(records));
    setWriting(true);
    setError(null);
    storedRecordsCsv(db, runId).then(
      (blob) => downloadBlob(fileName("records"), blob),
      (failure: unknown) => setError(describeError(failure)),
    ).finally(() => setWriting(false));
  };
  return (
    <div className="pb-export-buttons">
      <button type="button" className="pb-button" data-testid="export-records-csv" disabled={recordCount === 0 || writing} onClick={exportRecords}>
        {writing ? "Writing records CSV…" : "Records CSV"}
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
      {error !== null ? (
        <p className="pb-empty" role="alert">
          The records CSV could not be written: {error}
        </p>
      ) : null}
    </div>
  );
}
