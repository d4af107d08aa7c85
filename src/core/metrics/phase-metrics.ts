// HTTP phases (phase-summary.ts, docs/metrics.md "HTTP phases"): measured at the socket by the command
// line's transport; a browser run has them only where the server allows Resource Timing. The compare
// page draws them as one stacked bar per target (phase-chart.tsx), from these entries.
import type { SummaryRow } from "../stats";
import type { Metric } from "./metric";

export function phaseMetrics(): Metric[] {
  const notMeasured = "Empty where the phases were not measured (a browser that the server gives no Timing-Allow-Origin, runs before phases existed).";
  const phase = (id: string, label: string, header: string, value: (row: SummaryRow) => number | null, definition: string): Metric => ({
    id,
    label,
    header,
    unit: "ms",
    better: "lower",
    value,
    definition: `${definition} ${notMeasured}`,
    views: [],
    group: "phases",
    advanced: false,
  });
  return [
    phase("connectP50Ms", "p50 connect", "Connect p50", (row) => row.connectP50Ms, "Median name lookup and TCP connect, over successful requests that opened their own connection."),
    phase("tlsP50Ms", "p50 TLS", "TLS p50", (row) => row.tlsP50Ms, "Median TLS handshake, over successful requests that opened an https connection."),
    phase("waitingP50Ms", "p50 waiting", "Waiting p50", (row) => row.waitingP50Ms, "Median time from the request's last byte sent to the response's headers: the provider's time to answer."),
    phase("receivingP50Ms", "p50 receiving", "Receiving p50", (row) => row.receivingP50Ms, "Median time from the response's headers to its last byte: the answer's transfer (for a stream, the generation)."),
    {
      id: "reusedConnectionShare",
      label: "Reused connections",
      header: "Reused",
      unit: "fraction",
      better: null,
      value: (row) => row.reusedConnectionShare,
      definition: `Successful requests sent on a connection that had already carried one / successful requests whose connection is known. ${notMeasured}`,
      views: [],
      group: "phases",
      advanced: false,
    },
  ];
}
