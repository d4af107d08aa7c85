// The run's time axis, for the charts drawn one under the other on it (the latency timeline, the server's
// gauges): zero at the run's first request, ticks far enough for the last request's start and the last
// scrape of a server's metrics page, so the two charts' seconds line up.
import { firstStartMs, type RecordColumns } from "../../../../core/record/record-columns";
import { niceTicks } from "../../../components/charts/chart-format";

export interface RunTimeAxis {
  /** Epoch ms of 0 s: the run's first request (latencyTimelineSeries counts from it too). */
  startMs: number;
  /** Seconds into the run; the last is the axis' end. */
  ticks: number[];
}

export function runTimeAxis(columns: RecordColumns, laterTimesMs: readonly number[] = []): RunTimeAxis {
  const startMs = firstStartMs(columns) ?? laterTimesMs[0] ?? 0;
  let lastMs = startMs;
  for (let i = 0; i < columns.length; i++) lastMs = Math.max(lastMs, columns.startedAt[i]!);
  for (const time of laterTimesMs) lastMs = Math.max(lastMs, time);
  return { startMs, ticks: niceTicks(0, (lastMs - startMs) / 1000) };
}
