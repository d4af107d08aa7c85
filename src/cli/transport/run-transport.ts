// The transport one command-line run sends through: undici's dispatcher (the default; records get their
// HTTP phases) or Node's fetch (kept for comparison, and for test set-ups that intercept fetch).
import { systemClock } from "../../core/measure";
import type { TransportName } from "../args";
import { createWireTransport, type WireTransport } from "./undici-transport";

export function createRunTransport(options: { transport: TransportName; http2: boolean }, concurrency: number): WireTransport {
  if (options.transport === "fetch") return { fetch: globalThis.fetch.bind(globalThis), close: async () => undefined };
  return createWireTransport({ connectionsPerOrigin: concurrency, allowH2: options.http2, now: systemClock.now });
}
