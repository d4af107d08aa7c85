// Where each target's time goes on the wire: one stacked bar per target of its median connect, TLS,
// waiting and receiving (catalogue entries, so the same figures as --summary and the summary CSV), and
// the share of requests that reused a connection. HTML bars rather than an SVG chart: they wrap at 390 px
// and each segment's figure is text a screen reader reads.
import { metricById, formatMetric } from "../../../../core/metrics";
import type { SummaryRow } from "../../../../core/stats";
import { PHASE_COLORS } from "../../../components/ui/target-colors";
import { targetInfoById, type TargetInfo } from "../target-info";
import "../../../components/ui/ui.css";
import "../compare.css";

const PHASES = [
  { key: "connect", metric: metricById("connectP50Ms"), name: "connect" },
  { key: "tls", metric: metricById("tlsP50Ms"), name: "TLS" },
  { key: "waiting", metric: metricById("waitingP50Ms"), name: "waiting" },
  { key: "receiving", metric: metricById("receivingP50Ms"), name: "receiving" },
] as const;
const REUSED = metricById("reusedConnectionShare");

export const NOT_EXPOSED = "not exposed by the browser";

export function PhaseChart(props: { rows: SummaryRow[]; targets: TargetInfo[] }) {
  const targetsById = targetInfoById(props.targets);
  const totals = props.rows.map((row) => PHASES.reduce((sum, phase) => sum + (phase.metric.value(row) ?? 0), 0));
  const longest = Math.max(0, ...totals);
  return (
    <div className="pb-phase-chart" data-testid="phase-chart">
      <ul className="pb-phase-legend" aria-label="Phases">
        {PHASES.map((phase) => (
          <li key={phase.key} title={phase.metric.definition}>
            <span className="pb-phase-swatch" style={{ background: PHASE_COLORS[phase.key] }} aria-hidden="true" />
            {phase.name}
          </li>
        ))}
      </ul>
      <ul className="pb-phase-rows">
        {props.rows.map((row, index) => {
          const label = targetsById.get(row.targetId)?.label ?? row.targetId;
          const measured = PHASES.some((phase) => phase.metric.value(row) !== null);
          return (
            <li key={row.targetId} className="pb-phase-row" data-testid={`phase-row-${row.targetId}`}>
              <span className="pb-phase-target">{label}</span>
              {measured ? (
                <>
                  <span className="pb-phase-bar" role="img" aria-label={`${label}: ${describePhases(row)}`}>
                    {PHASES.map((phase) => {
                      const value = phase.metric.value(row) ?? 0;
                      if (value <= 0 || longest <= 0) return null;
                      return (
                        <span
                          key={phase.key}
                          className="pb-phase-segment"
                          style={{ width: `${(value / longest) * 100}%`, background: PHASE_COLORS[phase.key] }}
                          title={`${phase.metric.label}: ${formatMetric(phase.metric, row)}`}
                        />
                      );
                    })}
                  </span>
                  <span className="pb-phase-figures">
                    {describePhases(row)} · {REUSED.label.toLowerCase()} {formatMetric(REUSED, row)}
                    <span className="pb-visually-hidden"> (total {totals[index]!.toFixed(1)} ms)</span>
                  </span>
                </>
              ) : (
                <span className="pb-phase-figures pb-empty" data-testid="phases-not-exposed">
                  {NOT_EXPOSED}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <p className="pb-footnote">
        Medians over successful requests; connect and TLS over the requests that opened a connection. Measured at the socket by the command line;
        a browser shows them only where the provider sends <code>Timing-Allow-Origin</code>.
      </p>
    </div>
  );
}

function describePhases(row: SummaryRow): string {
  return PHASES.map((phase) => `${phase.name} ${phase.metric.value(row) === null ? "—" : formatMetric(phase.metric, row)}`).join(" · ");
}
