// The provider's own share of a request's latency: from the request on the wire to the network having the
// answer's last byte. What a load judgement may blame on the provider; the rest (a wait for one of the
// browser's connections, a tab reading the stream late, an event loop slow to send) is the client's.
import type { RequestRecord } from "../record";

type Timed = Pick<RequestRecord, "latencyMs" | "waitingMs" | "receivingMs" | "clientReadMs">;

/**
 * Request sent → the network's last byte: waiting + receiving less the client's late read (docs/metrics.md,
 * "HTTP phases"). Where the transport saw no phases (a browser without Timing-Allow-Origin, another tool's
 * file), the latency less any late read known: the client's time before the send cannot be told apart.
 */
export function providerTimeMs(record: Timed): number {
  const clientReadMs = record.clientReadMs ?? 0;
  if (record.waitingMs != null && record.receivingMs != null) return Math.max(0, record.waitingMs + record.receivingMs - clientReadMs);
  return Math.max(0, record.latencyMs - clientReadMs);
}

/** When the provider had the request and when the network had its answer, on the record's clock (startedAt). */
export function providerSpan(record: Timed & Pick<RequestRecord, "startedAt">): { start: number; end: number } {
  const end = record.startedAt + record.latencyMs - (record.clientReadMs ?? 0);
  return { start: Math.min(end, Math.max(record.startedAt, end - providerTimeMs(record))), end };
}
