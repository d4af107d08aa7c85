// A run cut into slices of its wall clock (e.g. 10 s): per target and slice, the median latency of the
// requests that started in it, the successful requests that ended in it per second, and the requests in
// flight during it (time-weighted, by in-flight.ts).
import { max, min } from "d3-array";
import { inFlightLevels, percentile } from "../stats";
import type { RequestRecord } from "../record";

export interface TimeSlice {
  /** Start of the slice, seconds from the run's first scheduled or started request. */
  startSeconds: number;
  latencyP50Ms: number | null;
  effectiveLatencyP50Ms: number | null;
  throughput: number;
  /** Requests of the target in flight, time-weighted over the slice (in-flight.ts on the attempts clipped to it). */
  inFlightMean: number;
  /** The most in flight at once during the slice. */
  inFlightPeak: number;
}

/** Slices of about a thirtieth of the run, in whole seconds (1 s at least, 10 s for a five-minute run). */
export function sliceSeconds(spanSeconds: number): number {
  const steps = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600];
  return steps.find((step) => spanSeconds / step <= 30) ?? 600;
}

export function timeSlices(records: readonly RequestRecord[], targetIds: readonly string[], widthSeconds?: number): { widthSeconds: number; byTarget: Map<string, TimeSlice[]> } {
  const measured = records.filter((record) => !record.warmup && record.errorKind !== "dropped" && record.errorKind !== "aborted");
  // Loops, not spreads: a run's records can be past the engine's limit on arguments.
  const origin = min(measured, (record) => record.scheduledAt ?? record.startedAt) ?? 0;
  const end = max(measured, (record) => record.startedAt + record.latencyMs) ?? 0;
  const width = widthSeconds ?? sliceSeconds(Math.max(0, (end - origin) / 1000));
  const count = measured.length === 0 ? 0 : Math.floor((end - origin) / 1000 / width) + 1;
  const byTarget = new Map<string, TimeSlice[]>();
  for (const targetId of targetIds) {
    const latencies = Array.from({ length: count }, () => [] as number[]);
    const effective = Array.from({ length: count }, () => [] as number[]);
    const completions = Array.from({ length: count }, () => 0);
    for (const record of measured) {
      if (record.targetId !== targetId || record.status !== "ok") continue;
      const started = Math.floor((record.startedAt - origin) / 1000 / width);
      latencies[started]?.push(record.latencyMs);
      effective[started]?.push(record.latencyMs + (record.queueMs ?? 0));
      const ended = Math.floor((record.startedAt + record.latencyMs - origin) / 1000 / width);
      if (completions[ended] !== undefined) completions[ended]++;
    }
    const own = measured.filter((record) => record.targetId === targetId);
    const inFlight = (index: number): { mean: number; peak: number } => {
      const sliceStart = origin + index * width * 1000;
      const sliceEnd = sliceStart + width * 1000;
      const overlapping = own.filter((record) => record.startedAt < sliceEnd && record.startedAt + record.latencyMs > sliceStart);
      const starts = Float64Array.from(overlapping, (record) => Math.max(record.startedAt, sliceStart));
      const ends = Float64Array.from(overlapping, (record) => Math.min(record.startedAt + record.latencyMs, sliceEnd));
      const { msAtLevel } = inFlightLevels(starts, ends);
      const levelMs = msAtLevel.reduce((sum, ms, level) => sum + ms * level, 0);
      return { mean: levelMs / (width * 1000), peak: msAtLevel.length - 1 };
    };
    const median = (values: number[]): number | null => (values.length === 0 ? null : percentile(Float64Array.from(values).sort(), 50));
    byTarget.set(
      targetId,
      latencies.map((values, index) => ({
        startSeconds: index * width,
        latencyP50Ms: median(values),
        effectiveLatencyP50Ms: median(effective[index]!),
        throughput: completions[index]! / width,
        ...(({ mean, peak }) => ({ inFlightMean: mean, inFlightPeak: peak }))(inFlight(index)),
      })),
    );
  }
  return { widthSeconds: width, byTarget };
}
