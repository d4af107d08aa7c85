// The transport one command-line run sends through: undici's dispatcher (the default; records get their
// HTTP phases) or Node's fetch (kept for comparison, and for test set-ups that intercept fetch).
import { systemClock } from "../../core/measure";
import type { Scenario } from "../../core/scenario";
import type { TransportName } from "../args";
import { createWireTransport, type WireTransport } from "./undici-transport";

export function createRunTransport(options: { transport: TransportName; http2: boolean }, scenario: Scenario): WireTransport {
  if (options.transport === "fetch") return { fetch: globalThis.fetch.bind(globalThis), close: async () => undefined };
  return createWireTransport({ connectionsPerOrigin: connectionsFor(scenario), allowH2: options.http2, now: systemClock.now });
}

/**
 * Connections per origin: as many as the run can have in flight, so no request waits inside the transport
 * after its t0 (that wait would be counted as the provider's). A closed loop has at most its concurrency
 * (the largest level of a concurrency sweep); an open loop has maxInFlight per target, or no bound, and
 * so has an automatic sweep, whose open-loop stages are not capped.
 */
export function connectionsFor(scenario: Scenario): number | null {
  const load = scenario.run.load;
  if (load?.mode === "open") return load.maxInFlight === undefined ? null : load.maxInFlight * scenario.targets.length;
  const sweep = load?.sweep;
  if (sweep?.over === "auto") return null;
  // A sweep's level is the concurrency per target (core/load/stages.ts): the run holds level × targets.
  const levels = sweep?.over === "concurrency" ? sweep.levels.map((level) => level * scenario.targets.length) : [];
  return Math.max(scenario.run.concurrency, ...levels);
}
