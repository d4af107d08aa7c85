// Warns that requests queue inside the browser (six HTTP/1.1 connections per host), which inflates their
// measured latency: before a run from the scenario's numbers, after a run from what Resource Timing saw.
import {
  BROWSER_HTTP1_CONNECTIONS_PER_HOST,
  type ObservedQueueing,
  type OriginLoad,
} from "../../../core/run";
import { formatCount, formatMs } from "../../components/ui/format";
import { Notice } from "../../components/ui/notice";

interface ConnectionLimitWarningProps {
  /** Origins the scenario would send more than six requests at once over HTTP/1.1. */
  planned: readonly OriginLoad[];
  /** Origins whose requests waited for a connection in the run just finished. */
  observed: readonly ObservedQueueing[];
}

export function ConnectionLimitWarning({ planned, observed }: ConnectionLimitWarningProps) {
  if (planned.length === 0 && observed.length === 0) return null;
  const limit = BROWSER_HTTP1_CONNECTIONS_PER_HOST;
  // One per-target limit must fit the origin shared by the most targets.
  const mostTargetsOnOneOrigin = Math.max(1, ...planned.map((load) => load.targetIds.length));
  const perTargetThatFits = Math.floor(limit / mostTargetsOnOneOrigin);
  return (
    <div data-testid="connection-limit-warning">
      <Notice tone="warning" title={`More than ${limit} requests at once to one server over HTTP/1.1: latency will include waiting in the browser`}>
        {planned.map((load) => (
          <p key={`planned:${load.origin}`} data-testid="connection-limit-planned">
            This scenario keeps {Number.isFinite(load.maxInFlight) ? `up to ${formatCount(load.maxInFlight)}` : "an unbounded number of"} requests in
            flight to <code>{load.origin}</code> ({load.targetIds.join(", ")}){Number.isFinite(load.maxInFlight) ? "" : ": an open loop without maxInFlight"}.
          </p>
        ))}
        {observed.map((queueing) => (
          <p key={`observed:${queueing.origin}`} data-testid="connection-limit-observed">
            In this run, {formatCount(queueing.queuedRequests)} of {formatCount(queueing.requests)} requests to <code>{queueing.origin}</code> waited
            in the browser for a free connection, up to {formatMs(queueing.longestWaitMs)}: their latency and TTFT include that wait.
          </p>
        ))}
        <p>
          A browser opens at most {limit} HTTP/1.1 connections to one host; requests above that queue inside the browser, and the server never
          sees the wait. To measure the server alone:
        </p>
        <ul>
          <li>
            lower the concurrency so that each server gets at most {limit}: <code>run.concurrency</code> {limit} or less
            {perTargetThatFits >= 1 && planned.length > 0 ? (
              <>
                , or <code>run.perTargetConcurrency</code> {perTargetThatFits} or less
              </>
            ) : null}
            ;
          </li>
          <li>
            run it from the command line, which has no such limit: <code>npm run cli -- run scenario.json</code>;
          </li>
          <li>or use the server’s HTTPS endpoint if it speaks HTTP/2, where requests share one connection.</li>
        </ul>
      </Notice>
    </div>
  );
}
