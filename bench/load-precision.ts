// How precisely the open loop sends at its scheduled times (`npm run bench -- load`): the send lag
// (handed to fetch − scheduled) at 100, 500 and 2,000 requests/s against the sandbox's instant profile
// (in its own process), on one event loop and on the command line's worker threads (--workers), each
// pacing its share of the arrivals with its own loop and clock; and the highest rate held with p99 send lag ≤ 5 ms.
import { percentile } from "../src/core/stats";
import { format, markdownTable } from "./measure-tools";
import { measureOpenLoop } from "./load-precision-run";

export interface LoadPrecisionRow {
  rate: number;
  threads: number;
  requests: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
  achieved: number;
}

export async function measureLoadPrecision(sandboxUrl: string, rate: number, threads: number, seconds: number): Promise<LoadPrecisionRow> {
  // Several threads: the command line's own --workers (src/cli/workers/), each pacing its share of the same arrivals.
  const parts = [await measureOpenLoop({ sandboxUrl, rate, seconds, seed: 1, workers: threads })];
  const lags = Float64Array.from(parts.flatMap((part) => part.lags)).sort();
  const requests = parts.reduce((sum, part) => sum + part.scheduledAt.length, 0);
  const spanMs = Math.max(...parts.map((part) => part.spanMs));
  return {
    rate,
    threads,
    requests,
    failed: parts.reduce((sum, part) => sum + part.failed, 0),
    p50: percentile(lags, 50),
    p99: percentile(lags, 99),
    max: lags[lags.length - 1]!,
    achieved: requests / (spanMs / 1000),
  };
}

export function loadPrecisionTable(rows: LoadPrecisionRow[]): string {
  return markdownTable(
    ["rate (req/s)", "event loops", "requests", "failed", "send lag p50 ms", "send lag p99 ms", "max ms", "achieved req/s"],
    rows.map((row) => [String(row.rate), row.threads === 1 ? "1 (main)" : `${row.threads} workers`, String(row.requests), String(row.failed), format(row.p50, 3), format(row.p99, 3), format(row.max), format(row.achieved)]),
  );
}

/** The highest of the rates tried, in order, whose p99 send lag stayed ≤ limitMs (stopping at the first that did not). */
export function highestRateHeld(rows: LoadPrecisionRow[], limitMs: number): number | null {
  let held: number | null = null;
  for (const row of [...rows].sort((a, b) => a.rate - b.rate)) {
    if (row.p99 > limitMs || row.failed > 0) break;
    held = row.rate;
  }
  return held;
}
