// Small adapters between recharts' loosely typed callbacks and the shared number formatting.
import { formatCount, formatMs } from "../../components/ui/format";

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
