import { useMemo, useRef, useState } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { ERROR_KINDS, type ErrorKind, type RecordStatus, type RequestRecord } from "../../../core/record";
import { FilterSelect } from "../../components/ui/filter-select";
import { formatCount } from "../../components/ui/format";
import { RECORD_COLUMNS, RecordRow } from "./record-row";
import { NO_FILTER, filterRecords, type ChecksOutcome, type RecordsFilter } from "./records-filter";
import { runStartMs } from "./record-series";
import { targetInfoById, type TargetInfo } from "./target-info";
import "./compare.css";

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

/** Every request attempt of the run, warm-up included, filterable; only the rows in view are in the DOM. */
export function RecordsTable(props: { records: RequestRecord[]; targets: TargetInfo[] }) {
  const { records, targets } = props;
  const [filter, setFilter] = useState<RecordsFilter>(NO_FILTER);
  const scrollRef = useRef<HTMLDivElement>(null);

  const targetsById = useMemo(() => targetInfoById(targets), [targets]);
  const targetOptions = useMemo(() => targets.map((target) => ({ value: target.id, label: target.label })), [targets]);
  const runStart = useMemo(() => runStartMs(records) ?? 0, [records]);
  const shownRecords = useMemo(() => filterRecords(records, filter), [records, filter]);

  const virtualizer = useVirtualizer({
    count: shownRecords.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => RECORD_ROW_HEIGHT_PX,
    overscan: OVERSCAN_ROWS,
    initialRect: { width: TABLE_WIDTH_PX, height: VIEWPORT_HEIGHT_PX },
  });
  const visibleRows = virtualizer.getVirtualItems();
  // Spacer rows above and below the rendered window keep the scrollbar the size of the whole table.
  const spaceAbovePx = visibleRows[0]?.start ?? 0;
  const spaceBelowPx = virtualizer.getTotalSize() - (visibleRows[visibleRows.length - 1]?.end ?? 0);

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
          {shownRecords.length === records.length
            ? `${formatCount(records.length)} records`
            : `${formatCount(shownRecords.length)} of ${formatCount(records.length)} records`}
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
              const record = shownRecords[row.index];
              return record === undefined ? null : (
                <RecordRow key={row.key} record={record} target={targetsById.get(record.targetId)} runStartMs={runStart} />
              );
            })}
            {spaceBelowPx > 0 && <tr aria-hidden="true" style={{ height: spaceBelowPx }} />}
          </tbody>
        </table>
        {shownRecords.length === 0 && <p className="pb-empty">No records match these filters.</p>}
      </div>
    </div>
  );
}
