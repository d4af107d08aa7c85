// What every chart shares: a legend drawn in series order with the marks the chart uses, and a tooltip
// that lists series in that same order (recharts' own sorts them by name).
import type { ReactNode } from "react";
import "./charts.css";

export type LegendMark = "square" | "line" | "dot" | "cross";

export interface LegendItem {
  label: string;
  color: string;
  mark: LegendMark;
}

// Colours go in style, not in SVG attributes, so a CSS variable (the muted text colour) works too.
function Mark(props: { mark: LegendMark; color: string }) {
  const { mark, color } = props;
  return (
    <svg className="pb-legend-mark" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      {mark === "square" ? <rect x="1" y="1" width="10" height="10" rx="1" style={{ fill: color }} /> : null}
      {mark === "line" ? <line x1="0" y1="6" x2="12" y2="6" strokeWidth="2" style={{ stroke: color }} /> : null}
      {mark === "dot" ? <circle cx="6" cy="6" r="3.5" style={{ fill: color }} /> : null}
      {mark === "cross" ? <path d="M2,2L10,10M2,10L10,2" strokeWidth="2" style={{ stroke: color }} /> : null}
    </svg>
  );
}

/** Given to recharts' <Legend content>: the items as passed, in their order. */
export function ChartLegend(props: { items: LegendItem[] }) {
  return (
    <ul className="pb-chart-legend" data-testid="chart-legend">
      {props.items.map((item, index) => (
        <li key={`${index}:${item.label}`}>
          <Mark mark={item.mark} color={item.color} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/** One row of a tooltip. */
export interface TooltipRow {
  label: string;
  color: string;
  value: string;
}

export function ChartTooltipBox(props: { title?: ReactNode; rows: TooltipRow[] }) {
  return (
    <div className="pb-chart-tooltip" data-testid="chart-tooltip">
      {props.title !== undefined ? <div className="pb-chart-tooltip-title">{props.title}</div> : null}
      <ul>
        {props.rows.map((row, index) => (
          <li key={`${index}:${row.label}`}>
            <Mark mark="square" color={row.color} />
            <span>{row.label}</span>
            <span className="pb-num">{row.value}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The part of recharts' tooltip payload entries these charts read. */
export interface TooltipEntry {
  name?: unknown;
  value?: unknown;
  color?: string;
}

/**
 * A tooltip for charts with one series per legend item: rows follow `order` (the legend's labels), so
 * the tooltip and the legend read alike; entries with a label not in `order` come last, as given.
 */
export function SeriesTooltip(props: {
  active?: boolean;
  title?: ReactNode;
  entries?: readonly TooltipEntry[];
  order: readonly string[];
  formatValue(value: unknown): string;
}) {
  const { active, entries, order } = props;
  if (!active || !entries || entries.length === 0) return null;
  const rank = (entry: TooltipEntry): number => {
    const index = order.indexOf(String(entry.name));
    return index < 0 ? order.length : index;
  };
  const rows = entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => rank(a.entry) - rank(b.entry) || a.index - b.index)
    .map(({ entry }) => ({ label: String(entry.name), color: entry.color ?? "currentColor", value: props.formatValue(entry.value) }));
  return <ChartTooltipBox title={props.title} rows={rows} />;
}
