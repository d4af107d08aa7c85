// A table people would rather look at: per provider, the listed price next to the measured cost per 1,000
// requests, today's beside them once looked up, then TTFT, output tokens/s and pass rate; sortable, with the
// verdict's rows (core/verdict, as the verdict panel shows them) on top. Shown for a run that stored its
// prices with their source (Compare all, `run --all-providers`).
import { useMemo, useState } from "react";
import { measuredFigures } from "../../../../core/metrics/measured-figures";
import type { RequestRecord } from "../../../../core/record";
import type { SummaryRow } from "../../../../core/stats";
import type { ObjectiveVerdict } from "../../../../core/verdict";
import type { StoredRun } from "../../../../store/db";
import { Notice } from "../../../components/ui/notice";
import { Section } from "../../../components/ui/section";
import { TargetSwatch } from "../../../components/ui/target-swatch";
import { useObjectiveVerdicts } from "../verdict/use-objective-verdicts";
import { providersCostColumns, providersCostRows, type CostColumn, type CostRow } from "./cost-columns";
import { PricesSources } from "./prices-sources";
import { usePricesNow } from "./use-prices-now";
import "../compare.css";

type Sort = { columnId: string; descending: boolean } | null;

function sortRows(rows: readonly CostRow[], columns: readonly CostColumn[], sort: Sort): CostRow[] {
  const column = sort === null ? undefined : columns.find((candidate) => candidate.id === sort.columnId);
  if (column === undefined || sort === null) return [...rows];
  // A missing value ("no price", not measured) sorts last whichever way.
  return [...rows].sort((a, b) => {
    const [x, y] = [column.value(a), column.value(b)];
    if (x === null || y === null) return x === null ? (y === null ? 0 : 1) : -1;
    return sort.descending ? y - x : x - y;
  });
}

function VerdictRows({ verdicts, labelOf, span }: { verdicts: readonly ObjectiveVerdict[]; labelOf(id: string): string; span: number }) {
  return (
    <tbody className="pb-providers-verdicts" data-testid="providers-verdict-rows">
      {verdicts.map((verdict) => (
        <tr key={verdict.objective} data-objective={verdict.objective} data-state={verdict.state}>
          <th scope="row">{verdict.title}</th>
          <td colSpan={span}>
            {verdict.best.length > 0 ? <strong>{verdict.best.map(labelOf).join(", ")}</strong> : null}
            {verdict.best.length > 0 ? " — " : null}
            {verdict.sentence}
          </td>
        </tr>
      ))}
    </tbody>
  );
}

function SortHeader({ column, sort, onSort }: { column: CostColumn; sort: Sort; onSort(id: string): void }) {
  const sorted = sort?.columnId === column.id ? (sort.descending ? "descending" : "ascending") : "none";
  return (
    <th scope="col" aria-sort={sorted} className="pb-num" data-column={column.id}>
      <button type="button" className="pb-sort-button" onClick={() => onSort(column.id)} title={column.description}>
        {column.header}
        <span className="pb-sort-arrow" aria-hidden="true">
          {sorted === "none" ? "" : sorted === "ascending" ? "▲" : "▼"}
        </span>
      </button>
    </th>
  );
}

interface ProvidersCostTableProps {
  run: StoredRun;
  rows: SummaryRow[] | null;
  records: RequestRecord[] | null;
  large: boolean;
}

export function ProvidersCostTable({ run, rows, records, large }: ProvidersCostTableProps) {
  const { verdicts, targets } = useObjectiveVerdicts(run.spec, rows, records, large);
  const { pricesNow, lookUp } = usePricesNow(run, large ? null : records);
  const [sort, setSort] = useState<Sort>(null);
  const now = pricesNow.state === "loaded" ? pricesNow : null;
  const columns = useMemo(() => providersCostColumns(measuredFigures(run.spec), now !== null), [run.spec, now]);
  const costRows = useMemo(() => (rows === null ? [] : providersCostRows(rows, targets, run.spec, run.prices ?? [], now)), [rows, targets, run, now]);
  if (rows === null || run.prices === undefined) return null;
  const onSort = (id: string): void => setSort((previous) => (previous?.columnId === id ? { columnId: id, descending: !previous.descending } : { columnId: id, descending: columns.find((column) => column.id === id)?.better === "higher" }));
  const labelOf = (id: string): string => targets.find((target) => target.id === id)?.label ?? id;
  return (
    <Section
      title="Providers: listed price and measured cost"
      testId="providers-cost"
      actions={
        <button type="button" onClick={lookUp} disabled={pricesNow.state === "loading"}>
          {pricesNow.state === "loading" ? "Looking up today's prices…" : "Cost at today's prices"}
        </button>
      }
    >
      {pricesNow.state === "error" ? <Notice tone="error" title="Today's prices could not be looked up">{pricesNow.message}. The run's own prices and cost stand.</Notice> : null}
      <div className="pb-table-scroll">
        <table className="pb-table" data-testid="providers-cost-table">
          <thead>
            <tr>
              <th scope="col">Provider</th>
              {columns.map((column) => (
                <SortHeader key={column.id} column={column} sort={sort} onSort={onSort} />
              ))}
            </tr>
          </thead>
          {verdicts !== null && verdicts.length > 0 && targets.length > 1 ? <VerdictRows verdicts={verdicts} labelOf={labelOf} span={columns.length} /> : null}
          <tbody data-testid="providers-cost-rows">
            {sortRows(costRows, columns, sort).map((row) => (
              <tr key={row.target.id} data-target-id={row.target.id}>
                <th scope="row">
                  <TargetSwatch color={row.target.color} />
                  {row.target.label}
                </th>
                {columns.map((column) => (
                  <td key={column.id} className="pb-num" data-column={column.id} title={column.title?.(row)}>
                    {column.text(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PricesSources run={run} now={now} />
    </Section>
  );
}
