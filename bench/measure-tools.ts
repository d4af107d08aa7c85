// Small helpers shared by the benchmarks: medians and spreads over repeated rounds, a process's memory.
import { readFileSync } from "node:fs";
import { percentile } from "../src/core/stats";

/** A process's resident memory now, in MiB, from /proc (Linux); null once it has exited. */
export function rssMiB(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export function median(values: number[]): number {
  return percentile(Float64Array.from(values).sort(), 50);
}

export function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `${format(sorted[0]!)}–${format(sorted[sorted.length - 1]!)}`;
}

export function format(value: number, digits = 2): string {
  if (Math.abs(value) >= 100) return value.toFixed(0);
  if (Math.abs(value) >= 10) return value.toFixed(1);
  return value.toFixed(digits);
}

/** Runs `task` with at most `concurrency` in flight until `total` have run. */
export async function boundedLoop(total: number, concurrency: number, task: () => Promise<void>): Promise<void> {
  let started = 0;
  const worker = async (): Promise<void> => {
    while (started < total) {
      started++;
      await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
}

export function markdownTable(header: string[], rows: string[][]): string {
  const lines = [`| ${header.join(" | ")} |`, `|${header.map((_, index) => (index === 0 ? "---" : "---:")).join("|")}|`];
  for (const row of rows) lines.push(`| ${row.join(" | ")} |`);
  return lines.join("\n");
}
