// Small adapters between recharts' loosely typed callbacks and the shared number formatting.
import { formatCount, formatMs } from "../ui/format";

/** Recharts hands tooltip values over as number | string | array; only plain numbers are ours. */
export function tooltipMs(value: unknown): string {
  return formatMs(typeof value === "number" ? value : null);
}

export function tooltipCount(value: unknown): string {
  return formatCount(typeof value === "number" ? value : null);
}

/** Axis ticks: compact, without the unit (the axis label carries it). */
export function tickNumber(value: number): string {
  return Math.abs(value) >= 10_000 ? `${Math.round(value / 1000)}k` : String(Math.round(value * 100) / 100);
}

export function tickPercent(fraction: number): string {
  return `${Math.round(fraction * 100)}%`;
}

/** Steps an axis may take, times a power of ten: 1, 2, 2.5 and 5 read as round; 1.5 or 0.9 do not. */
const NICE_STEPS = [1, 2, 2.5, 5, 10] as const;

/**
 * Round tick values covering [min, max] in about `count` steps: the axis starts and ends on a tick and
 * every tick is a multiple of a round step. `integer` keeps steps whole (counts of requests).
 */
export function niceTicks(min: number, max: number, options: { count?: number; integer?: boolean } = {}): number[] {
  const count = options.count ?? 5;
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  if (max < min) [min, max] = [max, min];
  if (max === min) max = min === 0 ? 1 : min + Math.abs(min);
  const rough = (max - min) / Math.max(1, count - 1);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  let step = (NICE_STEPS.find((candidate) => candidate * magnitude >= rough) ?? 10) * magnitude;
  if (options.integer) step = Math.max(1, Math.ceil(step));
  const first = Math.floor(min / step);
  const last = Math.ceil(max / step);
  // Multiplying the index by the step (rather than adding steps up) keeps 0.1 + 0.2 noise out of labels.
  return Array.from({ length: last - first + 1 }, (_, index) => Number(((first + index) * step).toPrecision(12)));
}

/** An axis title: along the bottom for x, turned along the left edge for y. */
export function axisLabel(text: string, axis: "x" | "y") {
  return axis === "x"
    ? { value: text, position: "insideBottom" as const, offset: -2, className: "pb-axis-label" }
    : { value: text, angle: -90, position: "insideLeft" as const, style: { textAnchor: "middle" as const }, className: "pb-axis-label" };
}
