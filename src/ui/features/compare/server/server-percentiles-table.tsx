// The server's percentiles beside the client's, per target: each of the server's histograms
// read over the run (core/server-metrics' summary, the command line's table alike), every percentile with
// the bucket it lies in (its resolution), the client's like figure under it, and how many scrapes failed.
import { useMemo } from "react";
import { CLIENT_FIGURE_BESIDE, formatBucketQuantile, SERVER_NAMES, summarizeServerMetrics, type ServerScrape, type ServerTargetSummary } from "../../../../core/server-metrics";
import type { SummaryRow } from "../../../../core/stats";
import { formatCount, formatMs } from "../../../components/ui/format";
import type { TargetInfo } from "../target-info";
import "../compare.css";

const PERCENTS = ["p50", "p90", "p99"] as const;

/** What the scraping did: how many, how many failed and why the last one did. */
export function scrapesLine(summary: ServerTargetSummary): string {
  const server = summary.server === null ? "no known server's names" : SERVER_NAMES[summary.server];
  const failed = summary.failures === 0 ? "none failed" : `${formatCount(summary.failures)} failed (last: ${summary.lastError ?? "no reason kept"})`;
  return `${server}: ${formatCount(summary.scrapes)} scrapes, ${failed}`;
}

/** One figure's row: its percentiles as shown, and how many it counted. */
function FigureRow(props: { figure: string; label: string; cells: string[]; count: number }) {
  return (
    <tr data-figure={props.figure}>
      <th scope="row">{props.label}</th>
      {props.cells.map((cell, index) => (
        <td key={index}>{cell}</td>
      ))}
      <td>{formatCount(props.count)}</td>
    </tr>
  );
}

function TargetPercentiles(props: { summary: ServerTargetSummary; target: TargetInfo; row: SummaryRow | undefined }) {
  const { summary, target, row } = props;
  return (
    <div className="pb-server-target" data-testid="server-percentiles" data-target={summary.targetId} data-failed-scrapes={summary.failures}>
      <h3 style={{ color: target.color }}>{target.label}</h3>
      <p className="muted" data-testid="server-scrapes">
        {scrapesLine(summary)}
      </p>
      {summary.percentiles.length === 0 ? (
        <p className="muted">Its page held no TTFT, token-gap, latency or queue-time histogram the run could read.</p>
      ) : (
        <div className="pb-table-scroll">
          <table className="pb-table">
            <thead>
              <tr>
                <th scope="col">figure</th>
                {PERCENTS.map((percent) => (
                  <th key={percent} scope="col">
                    {percent}
                  </th>
                ))}
                <th scope="col">n</th>
              </tr>
            </thead>
            <tbody>
              {summary.percentiles.flatMap((percentiles) => {
                const client = CLIENT_FIGURE_BESIDE[percentiles.quantity];
                const clientFigure = client === null || row === undefined ? null : row[client.metric];
                return [
                  <FigureRow key={`${percentiles.quantity}:server`} figure={`${percentiles.quantity}:server`} label={`${percentiles.label}, server`} cells={PERCENTS.map((percent) => formatBucketQuantile(percentiles[percent]))} count={percentiles.count} />,
                  ...(client === null || clientFigure === null
                    ? []
                    : [<FigureRow key={`${percentiles.quantity}:client`} figure={`${percentiles.quantity}:client`} label={`${client.label}, client`} cells={PERCENTS.map((percent) => formatMs(clientFigure[percent]))} count={clientFigure.count} />]),
                ];
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export function ServerPercentilesTable(props: { scrapes: readonly ServerScrape[]; rows: readonly SummaryRow[]; targets: TargetInfo[] }) {
  const { scrapes, rows, targets } = props;
  const summaries = useMemo(() => summarizeServerMetrics(scrapes, targets.map((target) => target.id)), [scrapes, targets]);
  return (
    <div data-testid="server-percentiles-table">
      <p className="muted">
        A server percentile is read from its histogram&apos;s buckets: it lies in the bucket shown (lower–upper), the resolution it has, and one past the last
        bound is shown as ≥ that bound. The server counts from a request&apos;s arrival to the token it produced; the client from t0 to the token it read: the
        difference is network plus client. Warm-up requests reach the server&apos;s histograms too.
      </p>
      {summaries.map((summary) => (
        <TargetPercentiles key={summary.targetId} summary={summary} target={targets.find((target) => target.id === summary.targetId)!} row={rows.find((row) => row.targetId === summary.targetId)} />
      ))}
    </div>
  );
}
