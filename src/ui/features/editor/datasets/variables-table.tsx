// The table of variables, typed or imported, one row per input, with what the template makes of each row
// beside it. Only the rows on screen are drawn (and rendered): 10,000 rows scroll like 20.
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useMemo, useRef } from "react";
import type { DatasetRow } from "../../../../core/datasets";
import { renderRow } from "../../../../core/template/template-preview";
import { formatTemplateError, type parseTemplateWithPosition } from "../../../../core/template/template-errors";
import { cellText } from "./template-inputs-value";
import { VariablesAdditions } from "./variables-additions";

type ParsedTemplate = Extract<ReturnType<typeof parseTemplateWithPosition>, { ok: true }>["template"];

interface VariablesTableProps {
  rows: readonly DatasetRow[];
  columns: readonly string[];
  /** The parsed template, or null while it does not parse (no preview then). */
  template: ParsedTemplate | null;
  source: string;
  onRowsChange(rows: DatasetRow[]): void;
}

const ROW_HEIGHT_PX = 64;
const VIEWPORT_HEIGHT_PX = 360;
const OVERSCAN_ROWS = 6;

export function VariablesTable({ rows, columns, template, source, onRowsChange }: VariablesTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: OVERSCAN_ROWS,
    initialRect: { width: 800, height: VIEWPORT_HEIGHT_PX },
  });

  const setCell = (index: number, column: string, text: string): void => {
    const next = rows.slice();
    next[index] = { ...rows[index], [column]: text };
    onRowsChange(next);
  };
  const removeRow = (index: number): void => onRowsChange(rows.filter((_, rowIndex) => rowIndex !== index));

  const gridTemplateColumns = `3.5rem repeat(${columns.length}, minmax(8rem, 1fr)) minmax(12rem, 2fr) 2.5rem`;
  const items = virtualizer.getVirtualItems();
  return (
    <div className="variables-table">
      <div
        ref={scrollRef}
        className="variables-scroll"
        style={{ maxHeight: VIEWPORT_HEIGHT_PX }}
        role="list"
        aria-label={`Variables: ${rows.length} rows`}
        data-testid="variables-rows"
        tabIndex={-1}
      >
        <div className="variables-grid variables-head" style={{ gridTemplateColumns }} aria-hidden="true">
          <span>#</span>
          {columns.map((column) => (
            <span key={column}>
              <code>{column}</code>
            </span>
          ))}
          <span>Rendered input</span>
          <span />
        </div>
        <div style={{ height: virtualizer.getTotalSize(), position: "relative", minWidth: "32rem" }}>
          {items.map((item) => (
            <VariablesRow
              key={item.key}
              index={item.index}
              top={item.start}
              row={rows[item.index]!}
              columns={columns}
              template={template}
              source={source}
              gridTemplateColumns={gridTemplateColumns}
              onCell={setCell}
              onRemove={removeRow}
            />
          ))}
        </div>
      </div>
      <VariablesAdditions rows={rows} columns={columns} onRowsChange={onRowsChange} />
    </div>
  );
}

interface VariablesRowProps {
  index: number;
  top: number;
  row: DatasetRow;
  columns: readonly string[];
  template: ParsedTemplate | null;
  source: string;
  gridTemplateColumns: string;
  onCell(index: number, column: string, text: string): void;
  onRemove(index: number): void;
}

const VariablesRow = memo(function VariablesRow({ index, top, row, columns, template, source, gridTemplateColumns, onCell, onRemove }: VariablesRowProps) {
  // Rendered for the rows on screen only, each within a small budget of its own.
  const rendered = useMemo(() => (template === null ? null : renderRow(template, source, row)), [template, source, row]);
  return (
    <div
      role="listitem"
      className="variables-grid variables-row"
      style={{ gridTemplateColumns, position: "absolute", top, left: 0, right: 0, height: ROW_HEIGHT_PX }}
      data-testid="variables-row"
    >
      <span className="variables-index">{index + 1}</span>
      {columns.map((column) => (
        <input key={column} type="text" aria-label={`${column}, row ${index + 1}`} value={cellText(row[column])} onChange={(event) => onCell(index, column, event.target.value)} />
      ))}
      {/* Always text: a row's values may hold markup, and it is shown, never interpreted. */}
      <output className={`variables-preview${rendered?.ok === false ? " has-errors" : ""}`} aria-label={`Rendered input ${index + 1}`} data-testid="rendered-input">
        {rendered === null ? "" : rendered.ok ? rendered.text : formatTemplateError(rendered.error)}
      </output>
      <button type="button" className="button button-small" aria-label={`Remove row ${index + 1}`} onClick={() => onRemove(index)}>
        ×
      </button>
    </div>
  );
});
