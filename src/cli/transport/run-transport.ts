// The transport one command-line run sends through: undici's dispatcher (the default; records get their
// HTTP phases) or Node's fetch (kept for comparison, and for test set-ups that intercept fetch).
import { systemClock, type Clock, WIRE_EVENTS_KEY, type RequestInitWithWireEvents } from "../../core/measure";
import { peakInFlight } from "../../core/load";
import { fetchWithinOrigin } from "../../core/endpoints";
import type { Scenario } from "../../core/scenario";
import type { TransportName } from "../args";
import { createWireTransport, type WireTransport } from "./undici-transport";

/** `clock`: the run's clock, which the phases must share with t0 (a worker thread's differs from the system's). */
export function createRunTransport(options: { transport: TransportName; http2: boolean }, scenario: Scenario, clock: Clock = systemClock): WireTransport {
  // Node's fetch would follow a redirect to any origin; both transports keep a request at its own origin.
  if (options.transport === "fetch") return { fetch: fetchWithinOrigin(overHttp1(globalThis.fetch.bind(globalThis))), close: async () => undefined };
  return createWireTransport({ connectionsPerOrigin: connectionsFor(scenario), allowH2: options.http2, now: clock.now });
}

/**
 * Connections per origin: as many as the run can have in flight at its peak (core/load/stages.ts), so no
 * request waits inside the transport after its t0 (that wait would be counted as the provider's); null,
 * no bound, for an open loop without an in-flight cap.
 */
export function connectionsFor(scenario: Scenario): number | null {
  const { total } = peakInFlight(scenario);
  return Number.isFinite(total) ? total : null;
}

/**
 * Node's fetch speaks HTTP/1.1 only: said before the request goes, so the timing fetch knows a body
 * without a length ends at the connection's close (and that a reset there is a cut, not an end).
 */
function overHttp1(nodeFetch: typeof fetch): typeof fetch {
  const marked = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const events = (init as RequestInitWithWireEvents | undefined)?.[WIRE_EVENTS_KEY];
    if (events !== undefined) events.http1 = true;
    return nodeFetch(input, init);
  };
  return marked as typeof fetch;
}
