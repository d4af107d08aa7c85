// Whether the client could have limited this run's figures (docs/metrics.md "Validity"): the
// certificate stored with the run — the command line's (core/validity's judgeValidity) or the browser's
// (judgeBrowserValidity) — its verdict, the figures it rests on, each reason and note, and what the
// client could not measure.
import { CLIENT_NOT_LIMITING, isBrowserValidity, type BrowserValidity, type RunValidity, type Validity } from "../../../../core/validity";
import { formatCount, formatMs } from "../../../components/ui/format";
import "../compare.css";

function CliFigures({ figures }: { figures: Validity["figures"] }) {
  const { eventLoopDelay: delay, cpuCores, sendingThreads, measuredOn, wallMs } = figures.clientLoad;
  const check = figures.selfCheck;
  return (
    <ul data-testid="validity-figures">
      <li>
        Event-loop delay beyond its {formatMs(delay.resolutionMs)} timer ({measuredOn}): p50 {formatMs(delay.p50Ms)}, p99 {formatMs(delay.p99Ms)}, max{" "}
        {formatMs(delay.maxMs)} ({formatCount(delay.samples)} samples)
      </li>
      <li>
        CPU: {cpuCores.toFixed(2)} of a core over {(wallMs / 1000).toFixed(1)} s, {sendingThreads} sending thread{sendingThreads === 1 ? "" : "s"}
      </li>
      <li>
        {check === null
          ? "Self-check: not made (run --self-check)"
          : `Self-check, ${check.requests} requests against exact timings: TTFT error p50 ${formatMs(check.ttftErrorP50Ms)}, p99 ${formatMs(check.ttftErrorP99Ms)}; latency error p50 ${formatMs(check.latencyErrorP50Ms)}, p99 ${formatMs(check.latencyErrorP99Ms)}`}
      </li>
      <li>Loop: {figures.loop}</li>
    </ul>
  );
}

function BrowserFigures({ figures }: { figures: BrowserValidity["figures"] }) {
  const lag = figures.mainThreadLag;
  return (
    <ul data-testid="validity-figures">
      <li>
        {lag === null
          ? "Main thread: not sampled"
          : `Main thread late beyond its ${formatMs(lag.resolutionMs)} timer: p50 ${formatMs(lag.p50Ms)}, p99 ${formatMs(lag.p99Ms)}, max ${formatMs(lag.maxMs)} (${formatCount(lag.samples)} samples)`}
      </li>
      <li>
        {figures.connectionQueues.length === 0
          ? `Connections: no request waited for one of the browser's ${figures.connectionsPerHost} per host`
          : `Connections: requests waited for one of the browser's ${figures.connectionsPerHost} per host at ${figures.connectionQueues.map((queue) => queue.origin).join(", ")}`}
      </li>
      <li>Loop: {figures.loop}</li>
    </ul>
  );
}

function Sentences(props: { items: readonly string[]; kind: string; testId: string }) {
  if (props.items.length === 0) return null;
  return (
    <ul data-testid={props.testId}>
      {props.items.map((item, index) => (
        <li key={index}>
          <strong>{props.kind}:</strong> {item}
        </li>
      ))}
    </ul>
  );
}

/** `validity` absent: a run stored before certificates, or imported from a file that carries none. */
export function ValidityPanel(props: { validity: RunValidity | undefined }) {
  const { validity } = props;
  if (validity === undefined) {
    return (
      <p className="muted" data-testid="validity-panel" data-verdict="">
        This run carries no certificate: it was made before runs had one, or imported from a file without it.
      </p>
    );
  }
  const browser = isBrowserValidity(validity);
  return (
    <div data-testid="validity-panel" data-verdict={validity.verdict} data-client={browser ? "browser" : "command line"}>
      <p className={validity.verdict === CLIENT_NOT_LIMITING ? "pb-validity-ok" : "pb-validity-flagged"} data-testid="validity-verdict">
        <strong>{validity.verdict === CLIENT_NOT_LIMITING ? "Client not limiting" : "The client may have limited these figures"}</strong> ({browser ? "measured in the browser" : "measured by the command line"})
      </p>
      <Sentences items={validity.reasons} kind="Reason" testId="validity-reasons" />
      {browser ? <BrowserFigures figures={validity.figures} /> : <CliFigures figures={validity.figures} />}
      <Sentences items={validity.notes} kind="Note" testId="validity-notes" />
      <Sentences items={browser ? validity.unmeasured : []} kind="Not measured" testId="validity-unmeasured" />
    </div>
  );
}
