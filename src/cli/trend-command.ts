// `trend <files…>`: runs read as `analyze` reads them, ordered by start time, per target and metric the
// series and its change points (core/change-points/trend.ts); --json writes the Trend object as it is.
import { buildTrend, type Trend, type MedianInterval } from "../core/change-points";
import { jsonText } from "./json-text";
import { loadRecords, RecordsFileProblem, scenarioFrom, type LoadedRun } from "./analyze/load-run";
import type { TrendCommand } from "./args";

function shortNumber(value: number): string {
  return Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 1 ? value.toFixed(2) : value.toFixed(4);
}

/** "1204 [1180, 1251]": a median and its 95% interval, when it has one. */
function medianText(value: number, ci: MedianInterval | null): string {
  return ci === null ? shortNumber(value) : `${shortNumber(value)} [${shortNumber(ci.low)}, ${shortNumber(ci.high)}]`;
}

function trendText(trend: Trend): string {
  const lines: string[] = [];
  for (const series of trend.series) {
    lines.push(`${series.targetId} ${series.metric}: ${series.points.map((point) => shortNumber(point.value)).join(" ")}`);
    for (const change of trend.changePoints.filter((candidate) => candidate.targetId === series.targetId && candidate.metric === series.metric)) {
      const at = series.points.findIndex((point) => point.runId === change.runId);
      lines.push(`  change from run ${at + 1} (${change.runId}): median ${medianText(change.before, change.beforeCi)} → ${medianText(change.after, change.afterCi)}, p = ${change.pValue.toFixed(3)}`);
    }
  }
  if (trend.changePoints.length === 0) lines.push("", "No change points (E-Divisive means, permutation test at 0.05).");
  return `${lines.join("\n")}\n`;
}

/** JSON: the Trend shape as documented, values rounded to what a file needs. */
function trendJson(trend: Trend): string {
  // Rounded through a replacer, then written by analyze's jsonText (which escapes what a terminal could misread).
  return jsonText(JSON.parse(JSON.stringify(trend, (_key, value: unknown) => (typeof value === "number" && !Number.isInteger(value) ? Number(value.toPrecision(6)) : value))));
}

export async function trendCommand(command: TrendCommand): Promise<string> {
  const scenario = await scenarioFrom(command.scenarioPath);
  const runs: LoadedRun[] = [];
  // One at a time: each file is streamed through its own accumulators, and many files at once would hold them all.
  for (const path of command.files) {
    const run = await loadRecords(path, scenario);
    // One run is one point of a series, as the browser's History holds a run once: a copy would weigh it twice.
    const earlier = runs.find((other) => other.runId === run.runId);
    if (earlier !== undefined) throw new RecordsFileProblem(`${path}: holds run ${run.runId}, as ${earlier.path} does: give each run once`);
    runs.push(run);
  }
  const trend = buildTrend(runs);
  return command.json ? trendJson(trend) : trendText(trend);
}
