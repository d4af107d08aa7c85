// History's Trends view: the runs of one scenario over time. Pick a scenario (a series of runs,
// core/change-points/run-series.ts); per trend metric a chart with a line per target and the change
// points listed beside it; below, the series' runs with where each was made. Everything is read from
// the runs' stored summaries: a run without a current one gets it computed once and stored, so the next
// visit reads no record.
import { useEffect, useId, useMemo } from "react";
import { runSeries, type RunSeries } from "../../../core/change-points/run-series";
import { describeError } from "../../../core/text/describe-error";
import type { StoredRun } from "../../../store/db";
import { listRuns } from "../../../store/queries";
import { currentSummary, summaryOfRun } from "../../../store/run-summary";
import { DatabaseErrorNotice } from "../../components/database-error-notice";
import { RunOriginTag } from "../../components/run-origin";
import { formatDateTime } from "../../components/ui/format";
import { navigate, routes } from "../../lib/hash-route";
import { useLiveRead } from "../../lib/use-live-read";
import { ChangePointList } from "./change-point-list";
import { HistoryViews } from "./history-views";
import { TrendChart } from "./trend-chart";
import { trendsData, type TrendRunInput } from "./trends-data";
import "./trends.css";
import { useAppDb } from "../../lib/app-db";

/** Runs still going have no summary yet and would move under the reader's eyes. */
function settled(runs: readonly StoredRun[]): StoredRun[] {
  return runs.filter((run) => run.status !== "running");
}

/**
 * Runs of the series whose stored summary is missing or was made by older code get one, a run at a time
 * (summaryOfRun stores it on the row, so the live read comes back with it).
 */
function useSummariesStored(runs: readonly StoredRun[]): void {
  const db = useAppDb();
  const missing = runs.filter((run) => currentSummary(run) === null).map((run) => run.id);
  const key = missing.join("\u0000");
  useEffect(() => {
    if (key === "") return;
    let cancelled = false;
    void (async () => {
      for (const run of runs) {
        if (cancelled) return;
        if (currentSummary(run) !== null) continue;
        try {
          await summaryOfRun(db, run);
        } catch (error) {
          // The run stays out of the trend; History's list shows why its records could not be read.
          console.warn(`Trends: no summary for run ${run.id}: ${describeError(error)}`);
        }
      }
    })();
    return () => {
      cancelled = true;
    };
    // Only the set of runs missing a summary matters: `runs` changes identity on every live read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, key]);
}

export function TrendsView({ seriesKey }: { seriesKey: string | null }) {
  const db = useAppDb();
  const runs = useLiveRead(() => listRuns(db), [db]);
  const all = useMemo(() => (runs.state === "loaded" ? runSeries(settled(runs.value)) : []), [runs]);
  const series = all.find((candidate) => candidate.key === seriesKey) ?? all[0] ?? null;
  return (
    <div className="page trends-page">
      <h1>History</h1>
      <HistoryViews current="trends" />
      {runs.state === "loading" ? <p className="empty">Loading…</p> : null}
      {runs.state === "error" ? <DatabaseErrorNotice action="list the runs" message={runs.message} /> : null}
      {runs.state === "loaded" && series === null ? <p className="empty">No runs yet. Run a scenario, or import bundles, to see how it changes over time.</p> : null}
      {series !== null ? <SeriesPicker all={all} selected={series} /> : null}
      {series !== null ? <SeriesTrends key={series.key} series={series} /> : null}
    </div>
  );
}

function SeriesPicker({ all, selected }: { all: readonly RunSeries<StoredRun>[]; selected: RunSeries<StoredRun> }) {
  const id = useId();
  return (
    <div className="form-row trends-picker">
      <label htmlFor={id}>Scenario</label>
      <select id={id} data-testid="trend-series" value={selected.key} onChange={(event) => navigate(routes.trends(event.target.value))}>
        {all.map((series) => (
          <option key={series.key} value={series.key}>
            {series.name} ({series.runs.length} run{series.runs.length === 1 ? "" : "s"})
          </option>
        ))}
      </select>
    </div>
  );
}

function SeriesTrends({ series }: { series: RunSeries<StoredRun> }) {
  useSummariesStored(series.runs);
  const inputs = useMemo(
    () =>
      series.runs.flatMap((run): TrendRunInput[] => {
        const rows = currentSummary(run);
        return rows === null ? [] : [{ run, rows }];
      }),
    [series.runs],
  );
  const data = useMemo(() => trendsData(inputs), [inputs]);
  const pending = series.runs.length - inputs.length;
  const changeCount = data.charts.reduce((total, chart) => total + chart.changePoints.length, 0);
  return (
    <>
      <p className="hint" data-testid="trend-status" aria-live="polite">
        {inputs.length} run{inputs.length === 1 ? "" : "s"} of {series.name}
        {pending > 0 ? `; summarising ${pending} more…` : ""}.{" "}
        {inputs.length < 6
          ? "A change point needs at least 6 runs (3 on each side)."
          : changeCount === 0
            ? "No change point in any metric."
            : `${changeCount} change point${changeCount === 1 ? "" : "s"}.`}{" "}
        Hollow points are runs from bundles and imports; a point opens its run. In a chart, Tab reaches one point, the arrow keys move between
        runs (← →) and targets (↑ ↓), Enter opens the run.
      </p>
      {data.charts.map((chart) => (
        <section key={chart.trendMetric.id} className="trend-section" data-testid="trend-section" data-metric={chart.trendMetric.id} aria-label={chart.trendMetric.metric.label}>
          <TrendChart chart={chart} runs={data.runs} />
          <ChangePointList changes={chart.changePoints} unit={chart.trendMetric.metric.unit} runs={data.runs} metricLabel={chart.trendMetric.metric.label} />
        </section>
      ))}
      <SeriesRuns series={series} positions={new Map(data.runs.map((run) => [run.runId, run.position]))} />
    </>
  );
}

/** The runs of the series, oldest first, with where each was made: the same numbering as the charts. */
function SeriesRuns({ series, positions }: { series: RunSeries<StoredRun>; positions: ReadonlyMap<string, number> }) {
  return (
    <details className="trend-runs">
      <summary>Runs in this series ({series.runs.length})</summary>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col" className="num">
              Run
            </th>
            <th scope="col">Started</th>
            <th scope="col">Made at</th>
          </tr>
        </thead>
        <tbody>
          {series.runs.map((run) => (
            <tr key={run.id} data-testid="trend-run" data-run-id={run.id}>
              <td className="num">
                <a href={routes.compare(run.id)}>{positions.get(run.id) ?? "…"}</a>
              </td>
              <td className="nowrap">
                <time dateTime={new Date(run.startedAt).toISOString()}>{formatDateTime(run.startedAt)}</time>
              </td>
              <td>{run.origin === undefined ? "this browser" : <RunOriginTag run={run} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
