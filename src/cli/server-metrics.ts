// `run`'s server metrics (docs/server-metrics.md): with run.serverMetrics, each endpoint target's Prometheus
// page scraped through the run by core/server-metrics. The scrapes go over a transport of their own (their
// own undici Agent, one connection per origin), never through a slot of the run's pools, which are sized to
// the run's concurrency; each target's key goes only to its own origin (core/run/auth-headers.ts).
import { fetchWithinOrigin } from "../core/endpoints";
import { toJsonLine } from "../core/io";
import { systemClock } from "../core/measure";
import { credentialScopeOf, scopedFetch, type EndpointKeys } from "../core/run";
import type { Scenario } from "../core/scenario";
import { metricsUrlOf, startScraping, type ScrapeTarget, type ServerScrape } from "../core/server-metrics";
import type { TransportName } from "./args";
import { createWireTransport, type WireTransport } from "./transport/undici-transport";

export interface ServerMetricsScraping {
  /** Where each target's page is scraped, and whether its key goes along: said before the first request. */
  plan: string;
  /** Each target's first scrape kept: the run starts after it, so the baseline holds none of its requests. */
  baseline: Promise<void>;
  /** Ends the scraping (one last scrape each) and closes its connections; every scrape in time order. Once: a second call gets the first's. */
  stop(): Promise<ServerScrape[]>;
}

const systemTimers = {
  setTimer(callback: () => void, ms: number): () => void {
    const timer = setTimeout(callback, ms);
    // The scraping never keeps the process alive on its own.
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** Starts scraping (the first scrape of each target is the baseline the run's share is counted from); null without run.serverMetrics. */
export function startServerMetrics(scenario: Scenario, options: { endpointKeys: EndpointKeys; sandboxUrl: string; transport: TransportName }): ServerMetricsScraping | null {
  const settings = scenario.run.serverMetrics;
  if (settings === undefined) return null;
  const transport: WireTransport =
    options.transport === "fetch"
      ? { fetch: fetchWithinOrigin(globalThis.fetch.bind(globalThis)), close: async () => undefined }
      : createWireTransport({ connectionsPerOrigin: 1 });
  const targets: ScrapeTarget[] = [];
  const planLines: string[] = [];
  for (const target of scenario.targets) {
    let url: string | null;
    try {
      url = metricsUrlOf(target, options.sandboxUrl);
    } catch {
      url = null;
    }
    if (url === null) continue;
    const scope = credentialScopeOf(target, options.endpointKeys, options.sandboxUrl);
    const keyed = scope.kind === "endpoint" && scope.key !== null && new URL(url).origin === scope.origin;
    targets.push({ targetId: target.id, url, fetch: scopedFetch(transport.fetch, scope) });
    planLines.push(`  ${target.id}: ${url}${keyed ? " (with its key: same origin)" : ""}`);
  }
  const session = startScraping({ targets, intervalMs: settings.intervalMs, pickedNames: settings.names ?? [], clock: systemClock, timers: systemTimers });
  let stopped: Promise<ServerScrape[]> | null = null;
  return {
    baseline: session.baseline,
    plan: `server metrics, every ${settings.intervalMs} ms:\n${planLines.join("\n")}\n`,
    stop() {
      stopped ??= session.stop().finally(() => transport.close());
      return stopped;
    },
  };
}

/** The scrapes as `--server-metrics` writes them: one JSON object per line. */
export function serverMetricsLines(scrapes: readonly ServerScrape[]): string {
  return scrapes.map(toJsonLine).join("");
}
