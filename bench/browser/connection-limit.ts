// Browser connection limit: Chromium opens at most 6 HTTP/1.1 connections per host, so requests
// beyond 6 in flight to one provider wait in the browser before they are sent, and that wait lands in
// the measured latency (t0 is taken before fetch). Measured with the app's runner in the bench page
// against the sandbox's `exact` profile (300 ms per request, no jitter), the waits from DevTools.
import type { BrowserContext } from "playwright-core";
import { format, markdownTable, median, spread } from "../measure-tools";
import { callBenchPage, openBenchPage, watchPageErrors } from "./chromium";
import { startNetworkLog } from "./network-log";
import { percentileOf } from "./percentiles";

export const BROWSER_CONNECTIONS_PER_HOST = 6;

export interface ConnectionLimitRow {
  concurrency: number;
  requestsPerRound: number;
  rounds: number;
  /** Most distinct connections one round used. */
  connectionsUsed: number;
  protocols: string[];
  latencyP50Ms: number[];
  latencyP90Ms: number[];
  waitP50Ms: number[];
  waitP90Ms: number[];
}

export async function measureConnectionLimit(
  context: BrowserContext,
  options: { siteUrl: string; sandboxUrl: string; concurrencies: number[]; requestsPerRound: number; rounds: number },
  log: (line: string) => void,
): Promise<ConnectionLimitRow[]> {
  if (!options.concurrencies.includes(BROWSER_CONNECTIONS_PER_HOST)) throw new Error(`the levels must include ${BROWSER_CONNECTIONS_PER_HOST}, the reference`);
  const page = await openBenchPage(context, options.siteUrl);
  const errors = watchPageErrors(page);
  const network = await startNetworkLog(page);
  const endpointUrl = `${options.sandboxUrl}/exact/v1`;
  const rows = new Map<number, ConnectionLimitRow>(
    options.concurrencies.map((concurrency) => [
      concurrency,
      { concurrency, requestsPerRound: options.requestsPerRound, rounds: options.rounds, connectionsUsed: 0, protocols: [], latencyP50Ms: [], latencyP90Ms: [], waitP50Ms: [], waitP90Ms: [] },
    ]),
  );
  try {
    for (let round = 0; round < options.rounds; round++) {
      // Alternate the order, so neither end of the list always runs on the warmer browser.
      const order = round % 2 === 0 ? options.concurrencies : [...options.concurrencies].reverse();
      for (const concurrency of order) {
        log(`  connection limit: round ${round + 1}/${options.rounds}, concurrency ${concurrency}`);
        // Unmeasured: opens as many connections as this level will use, so no row pays for connecting.
        await callBenchPage(page, "runStreaming", { endpointUrl, concurrency, requests: concurrency, warmup: 0 });
        network.clear();
        const result = await callBenchPage(page, "runStreaming", { endpointUrl, concurrency, requests: options.requestsPerRound, warmup: 0 });
        if (result.failures.length > 0) throw new Error(`connection limit at concurrency ${concurrency}: ${result.failures.length} requests failed: ${result.failures[0]}`);
        const sent = network.sentRequests("POST", "/exact/v1/chat/completions");
        if (sent.length !== options.requestsPerRound) {
          throw new Error(`connection limit at concurrency ${concurrency}: DevTools saw ${sent.length} requests, the runner sent ${options.requestsPerRound}`);
        }
        const row = rows.get(concurrency)!;
        row.latencyP50Ms.push(percentileOf(result.latenciesMs, 50));
        row.latencyP90Ms.push(percentileOf(result.latenciesMs, 90));
        row.waitP50Ms.push(percentileOf(sent.map((request) => request.waitBeforeSendMs), 50));
        row.waitP90Ms.push(percentileOf(sent.map((request) => request.waitBeforeSendMs), 90));
        row.connectionsUsed = Math.max(row.connectionsUsed, new Set(sent.map((request) => request.connectionId)).size);
        row.protocols = [...new Set([...row.protocols, ...sent.map((request) => request.protocol)])];
      }
    }
    errors.throwIfAny("the connection-limit benchmark");
  } finally {
    await network.stop();
    await page.close();
  }
  const result = [...rows.values()];
  for (const row of result) {
    if (row.protocols.length !== 1 || row.protocols[0] !== "http/1.1") {
      throw new Error(`connection limit: expected every request over http/1.1, saw ${row.protocols.join(", ") || "no protocol"}`);
    }
  }
  return result;
}

export function connectionLimitTable(rows: ConnectionLimitRow[]): string {
  const reference = rows.find((row) => row.concurrency === BROWSER_CONNECTIONS_PER_HOST)!;
  const referenceP50 = median(reference.latencyP50Ms);
  return markdownTable(
    [
      "concurrency",
      "requests × rounds",
      "connections used",
      "protocol",
      "latency p50 ms (median, range)",
      "latency p90 ms",
      `p50 vs concurrency ${BROWSER_CONNECTIONS_PER_HOST}`,
      "wait before send p50 ms",
      "wait before send p90 ms",
    ],
    rows.map((row) => [
      String(row.concurrency),
      `${row.requestsPerRound} × ${row.rounds}`,
      String(row.connectionsUsed),
      row.protocols.join(", "),
      `${format(median(row.latencyP50Ms))} (${spread(row.latencyP50Ms)})`,
      format(median(row.latencyP90Ms)),
      `${(median(row.latencyP50Ms) / referenceP50).toFixed(2)}×`,
      format(median(row.waitP50Ms)),
      format(median(row.waitP90Ms)),
    ]),
  );
}
