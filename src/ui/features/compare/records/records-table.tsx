import { useEffect, useMemo, useRef, useState } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { ERROR_KINDS, type ErrorKind, type RecordStatus, type RequestRecord } from "../../../../core/record";
import { FilterSelect } from "../../../components/ui/filter-select";
import { formatCount } from "../../../components/ui/format";
import { RECORD_COLUMNS, RecordRow } from "./record-row";
import { firstStartMs, recordColumns, type RecordColumns } from "../../../../core/record/record-columns";
import { NO_FILTER, filterPositions, type ChecksOutcome, type RecordsFilter } from "./records-filter";
import { inMemoryPages, useStoredRecordPages, type RecordPages } from "./record-pages";
import { targetInfoById, type TargetInfo } from "../target-info";
import "../compare.css";

/** Fixed, so the virtualizer never measures a row and scrolling 100,000 rows stays smooth. */
export const RECORD_ROW_HEIGHT_PX = 26;
const VIEWPORT_HEIGHT_PX = 420;
// Also covers the sticky header row, which sits in the scrolled content above the first record row.
const OVERSCAN_ROWS = 12;
const TABLE_WIDTH_PX = RECORD_COLUMNS.reduce((total, column) => total + column.widthPx, 0);

const STATUS_OPTIONS: readonly { value: RecordStatus; label: string }[] = [
  { value: "ok", label: "ok" },
  { value: "error", label: "error" },
];
const ERROR_KIND_OPTIONS: readonly { value: ErrorKind; label: string }[] = ERROR_KINDS.map((kind) => ({ value: kind, label: kind }));
const CHECKS_OPTIONS: readonly { value: ChecksOutcome; label: string }[] = [
  { value: "failed", label: "failed" },
  { value: "passed", label: "passed" },
  { value: "unchecked", label: "not checked" },
];

/** Every request attempt of a run read whole, warm-up included, filterable; only the rows in view are in the DOM. */
export function RecordsTable(props: { records: RequestRecord[]; targets: TargetInfo[] }) {
  const { records, targets } = props;
  const columns = useMemo(() => recordColumns(records), [records]);
  const pages = useMemo(() => inMemoryPages(records), [records]);
  return <RecordsTableView columns={columns} pages={pages} targets={targets} />;
}

/** The records table of a run too large to read whole: rows come from stored pages as they scroll into view. */
export function StoredRecordsTable(props: { runId: string; columns: RecordColumns; targets: TargetInfo[] }) {
  const pages = useStoredRecordPages(props.runId);
  return <RecordsTableView columns={props.columns} pages={pages} targets={props.targets} />;
}

function RecordsTableView(props: { columns: RecordColumns; pages: RecordPages; targets: TargetInfo[] }) {
  const { columns, pages, targets } = props;
  const [filter, setFilter] = useState<RecordsFilter>(NO_FILTER);
  const scrollRef = useRef<HTMLDivElement>(null);

  const targetsById = useMemo(() => targetInfoById(targets), [targets]);
  const targetOptions = useMemo(() => targets.map((target) => ({ value: target.id, label: target.label })), [targets]);
  const runStart = useMemo(() => firstStartMs(columns) ?? 0, [columns]);
  const shownPositions = useMemo(() => filterPositions(columns, filter), [columns, filter]);
  const shownCount = shownPositions === null ? columns.length : shownPositions.length;
  const positionOf = (row: number): number => (shownPositions === null ? row : shownPositions[row]!);

  const virtualizer = useVirtualizer({
    count: shownCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => RECORD_ROW_HEIGHT_PX,
    overscan: OVERSCAN_ROWS,
    initialRect: { width: TABLE_WIDTH_PX, height: VIEWPORT_HEIGHT_PX },
  });
  const visibleRows = virtualizer.getVirtualItems();
  // Spacer rows above and below the rendered window keep the scrollbar the size of the whole table.
  const spaceAbovePx = visibleRows[0]?.start ?? 0;
  const spaceBelowPx = virtualizer.getTotalSize() - (visibleRows[visibleRows.length - 1]?.end ?? 0);
  const visiblePositions = visibleRows.map((row) => positionOf(row.index));
  const visibleKey = visiblePositions.join(",");
  useEffect(() => pages.want(visiblePositions), [pages, visibleKey]); // eslint-disable-line react-hooks/exhaustive-deps -- the key stands for the positions

  return (
    <div className="pb-records" data-testid="records-table">
      <div className="pb-records-filters">
        <FilterSelect label="Target" value={filter.targetId} options={targetOptions} onChange={(targetId) => setFilter({ ...filter, targetId })} />
        <FilterSelect label="Status" value={filter.status} options={STATUS_OPTIONS} onChange={(status) => setFilter({ ...filter, status })} />
        <FilterSelect
          label="Error kind"
          value={filter.errorKind}
          options={ERROR_KIND_OPTIONS}
          onChange={(errorKind) => setFilter({ ...filter, errorKind })}
        />
        <FilterSelect label="Checks" value={filter.checks} options={CHECKS_OPTIONS} onChange={(checks) => setFilter({ ...filter, checks })} />
        <span className="pb-muted" data-testid="records-count" aria-live="polite">
          {shownCount === columns.length ? `${formatCount(columns.length)} records` : `${formatCount(shownCount)} of ${formatCount(columns.length)} records`}
        </span>
      </div>
      <div ref={scrollRef} className="pb-records-scroll" style={{ height: VIEWPORT_HEIGHT_PX }}>
        <table className="pb-table pb-records-table" style={{ width: TABLE_WIDTH_PX }}>
          <colgroup>
            {RECORD_COLUMNS.map((column) => (
              <col key={column.id} style={{ width: column.widthPx }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {RECORD_COLUMNS.map((column) => (
                <th key={column.id} scope="col" className={column.numeric ? "pb-num" : undefined}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {spaceAbovePx > 0 && <tr aria-hidden="true" style={{ height: spaceAbovePx }} />}
            {visibleRows.map((row) => {
              const record = pages.get(positionOf(row.index));
              return record === undefined ? (
                <PendingRow key={row.key} />
              ) : (
                <RecordRow key={row.key} record={record} target={targetsById.get(record.targetId)} runStartMs={runStart} />
              );
            })}
            {spaceBelowPx > 0 && <tr aria-hidden="true" style={{ height: spaceBelowPx }} />}
          </tbody>
        </table>
        {shownCount === 0 && <p className="pb-empty">No records match these filters.</p>}
        {pages.error !== null && <p className="pb-empty" role="alert">These records could not be read: {pages.error}</p>}
      </div>
    </div>
  );
}

/** A row whose record is still being read: the table's height and the scroll position stay as they are. */
function PendingRow() {
  return (
    <tr data-testid="record-row-pending" aria-busy="true" style={{ height: RECORD_ROW_HEIGHT_PX }}>
      <td colSpan={RECORD_COLUMNS.length} className="pb-muted">
        Reading…
      </td>
    </tr>
  );
}
