// --max-regression: how much worse than the baseline each metric may get before a CI gate fails.
// "latencyMs.p90=10%,ttftMs.p50=10%,failureRate=1pt": a percentile of a per-request metric (named as
// `analyze` names it, core/stats/paired.ts) may grow by a share of its baseline; the failure rate (the
// catalogue's failureRate, core/metrics/catalogue.ts) by percentage points.
import { PAIRED_METRICS, type PairedMetricId } from "../stats";

export type GateMetric = { kind: "percentile"; metric: PairedMetricId; percentile: number } | { kind: "failureRate" };

export interface Allowance {
  /** As written: "latencyMs.p90", "failureRate". */
  name: string;
  metric: GateMetric;
  /** "relative": a share of the baseline's value (0.1 for 10%); "points": an absolute rise of the rate (0.01 for 1pt). */
  kind: "relative" | "points";
  limit: number;
  /** As written after "=": "10%", "1pt". */
  text: string;
}

const PERCENTILE_NAME = /^([A-Za-z]+)\.p(\d{1,2}(?:\.\d+)?)$/;
const SHARE = /^(\d+(?:\.\d+)?)%$/;
const POINTS = /^(\d+(?:\.\d+)?)pt$/;

function parseMetric(name: string): GateMetric | string {
  if (name === "failureRate") return { kind: "failureRate" };
  const match = PERCENTILE_NAME.exec(name);
  const known = PAIRED_METRICS.map((metric) => `${metric.id}.pNN`).join(", ");
  if (match === null) return `"${name}" is not a gated metric (the metrics are ${known} and failureRate)`;
  const metric = PAIRED_METRICS.find((candidate) => candidate.id === match[1]);
  if (metric === undefined) return `"${match[1]}" is not a per-request metric (the metrics are ${known} and failureRate)`;
  const percentile = Number(match[2]);
  if (!(percentile > 0 && percentile < 100)) return `"${name}": the percentile must be between p1 and p99`;
  return { kind: "percentile", metric: metric.id, percentile };
}

/** The allowances of --max-regression, or the error naming the item that is wrong. */
export function parseAllowances(text: string): { allowances: Allowance[] } | { error: string } {
  const items = text.split(",").map((item) => item.trim());
  if (items.length === 0 || items.every((item) => item === "")) return { error: "--max-regression needs at least one metric=allowance (e.g. latencyMs.p90=10%)" };
  const allowances: Allowance[] = [];
  for (const item of items) {
    const [name = "", allowanceText, ...extra] = item.split("=").map((part) => part.trim());
    if (allowanceText === undefined || extra.length > 0 || name === "") return { error: `--max-regression: "${item}" is not metric=allowance (e.g. latencyMs.p90=10%, failureRate=1pt)` };
    const metric = parseMetric(name);
    if (typeof metric === "string") return { error: `--max-regression: ${metric}` };
    if (allowances.some((known) => known.name === name)) return { error: `--max-regression: ${name} is given twice` };
    if (metric.kind === "failureRate") {
      const points = POINTS.exec(allowanceText);
      if (points === null) return { error: `--max-regression: ${name} takes percentage points (e.g. ${name}=1pt), got "${allowanceText}"` };
      allowances.push({ name, metric, kind: "points", limit: Number(points[1]) / 100, text: allowanceText });
    } else {
      const share = SHARE.exec(allowanceText);
      if (share === null) return { error: `--max-regression: ${name} takes a share of the baseline (e.g. ${name}=10%), got "${allowanceText}"` };
      allowances.push({ name, metric, kind: "relative", limit: Number(share[1]) / 100, text: allowanceText });
    }
  }
  return { allowances };
}
