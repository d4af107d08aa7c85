// History's Trends view over many runs: the work done when it opens on a series, from the runs' stored
// summary rows (never their records) to the charts' data with every change point
// (src/ui/features/history/trends-data.ts: E-Divisive means per target and metric). Also the size of
// one run's stored summary, which is what the view reads from IndexedDB per run.
import { summaryOptionsOf, SummaryAccumulator, valueSettingsOf } from "../src/core/stats";
import { mulberry32, openUnit, standardNormal } from "../src/core/random";
import type { RequestRecord } from "../src/core/record";
import { validateScenario } from "../src/core/scenario";
import { trendsData, type TrendRunInput } from "../src/ui/features/history/trends-data";
import { format, markdownTable, median } from "./measure-tools";

const TARGETS = ["fast", "steady", "slow"];
const REQUESTS_PER_TARGET = 60;
const DAY_MS = 86_400_000;

export interface TrendsRow {
  runs: number;
  medianMs: number;
  maxMs: number;
  changePoints: number;
}

/** `count` nightly runs' summaries: seeded log-normal latencies, the last target 25% slower from 60% of the way on. */
export function nightlyInputs(count: number): TrendRunInput[] {
  const validated = validateScenario({
    version: 1,
    name: "Nightly",
    task: "chat-completion",
    targets: TARGETS.map((id) => ({ id, endpointUrl: `sandbox:/${id}/v1`, model: "m", price: { inputPerMillionTokens: 0.5, outputPerMillionTokens: 1.5 } })),
    inputs: ["Say hello"],
  });
  if (!validated.ok) throw new Error("the benchmark's scenario is not valid");
  const spec = validated.scenario;
  const uniform = openUnit(mulberry32(7));
  return Array.from({ length: count }, (_, night) => {
    const accumulator = new SummaryAccumulator(valueSettingsOf(spec), summaryOptionsOf(spec));
    const startedAt = 1_700_000_000_000 + night * DAY_MS;
    for (const targetId of TARGETS) {
      const scale = targetId === "slow" && night >= count * 0.6 ? 1.25 : 1;
      for (let index = 0; index < REQUESTS_PER_TARGET; index++) {
        const latencyMs = scale * 400 * Math.exp(0.25 * standardNormal(uniform));
        const record: RequestRecord = {
          runId: `night-${night}`, targetId, inputIndex: 0, repetition: index, attempt: 1, warmup: false, startedAt: startedAt + index * 100,
          ttftMs: latencyMs / 4, latencyMs, status: "ok", errorKind: null, httpStatus: 200, errorMessage: null, inputTokens: 12, outputTokens: 48,
          tokensEstimated: false, chunkCount: 48, output: "hello", outputBytes: 5, truncated: false, checksPassed: null, failedChecks: null,
          connectMs: null, tlsMs: null, waitingMs: null, receivingMs: null, connectionReused: null, scheduledAt: null, queueMs: null, stage: null, retryAfterMs: null,
        };
        accumulator.add(record);
      }
    }
    return { run: { id: `night-${night}`, startedAt, spec, scenarioName: spec.name, origin: undefined, imported: undefined }, rows: accumulator.summarize(TARGETS) };
  });
}

export function measureTrends(runCounts: readonly number[], repeats: number): { rows: TrendsRow[]; summaryBytes: number } {
  const rows = runCounts.map((count): TrendsRow => {
    const inputs = nightlyInputs(count);
    const times: number[] = [];
    let changePoints = 0;
    for (let repeat = 0; repeat < repeats; repeat++) {
      const startedAt = performance.now();
      const data = trendsData(inputs);
      times.push(performance.now() - startedAt);
      changePoints = data.charts.reduce((total, chart) => total + chart.changePoints.length, 0);
    }
    return { runs: count, medianMs: median(times), maxMs: Math.max(...times), changePoints };
  });
  const summaryBytes = new TextEncoder().encode(JSON.stringify(nightlyInputs(1)[0]!.rows)).length;
  return { rows, summaryBytes };
}

export function trendsTable(rows: TrendsRow[]): string {
  return markdownTable(
    ["runs in the series", "median ms", "max ms", "change points found", "goal ≤ 250 ms at 200 runs"],
    rows.map((row) => [String(row.runs), format(row.medianMs, 1), format(row.maxMs, 1), String(row.changePoints), row.runs === 200 ? (row.medianMs <= 250 ? "met" : "missed") : ""]),
  );
}
