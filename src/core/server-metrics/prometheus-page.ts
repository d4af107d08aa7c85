// A Prometheus text page (`GET /metrics`, exposition format 0.0.4) read with parse-prometheus-text-format:
// every sample's labels and value by family name, and each histogram's cumulative buckets per label set.
//
// Histograms are not handed to the library as histograms: its flattening (flattenMetrics) merges the
// buckets of every label set into one map and drops a `_sum`/`_count` that carries labels, and every
// inference server labels its histograms (vLLM and SGLang with model_name, vLLM v1 per engine). Their
// TYPE line is read here and rewritten to `untyped`, so the library hands back the `_bucket` samples as
// they are, and the buckets are grouped by label set below.
import parsePrometheusTextFormat from "parse-prometheus-text-format";

export interface PageSample {
  labels: Readonly<Record<string, string>>;
  value: number;
}

/** One label set of a histogram: upper bounds ascending (the last is Infinity) and cumulative counts. */
export interface PageHistogram {
  labels: Readonly<Record<string, string>>;
  le: number[];
  counts: number[];
}

export interface MetricsPage {
  /** Gauges, counters and untyped samples by the name they were written under. */
  samples: ReadonlyMap<string, readonly PageSample[]>;
  histograms: ReadonlyMap<string, readonly PageHistogram[]>;
}

/** A page that is not Prometheus text: the message names the line, never repeats it (it is the server's). */
export class MetricsPageProblem extends Error {}

const TYPE_LINE = /^#\s*TYPE\s+(\S+)\s+(histogram|gaugehistogram|summary)\s*$/i;

export function parseMetricsPage(text: string): MetricsPage {
  const histogramNames = new Set<string>();
  const lines = text.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const match = TYPE_LINE.exec(lines[index]!.trim());
    if (match === null) continue;
    if (match[2]!.toLowerCase() !== "summary") histogramNames.add(match[1]!);
    lines[index] = `# TYPE ${match[1]!} untyped`;
  }
  // The library drops the last sample of a page without a final line break (it ends the family first).
  lines.push("");
  let families;
  try {
    families = parsePrometheusTextFormat(lines.join("\n"));
  } catch (error) {
    throw new MetricsPageProblem(`not Prometheus text: ${lineOf(error, lines)}`);
  }
  const samples = new Map<string, PageSample[]>();
  for (const family of families) {
    const read: PageSample[] = [];
    for (const sample of family.metrics) {
      if (sample.value === undefined) continue;
      read.push({ labels: sample.labels ?? {}, value: sampleValue(sample.value) });
    }
    if (read.length > 0) samples.set(family.name, [...(samples.get(family.name) ?? []), ...read]);
  }
  // An HTML page or a JSON body parses as "samples" without a number: a page of none is no metrics page.
  if (![...samples.values()].some((read) => read.some((sample) => Number.isFinite(sample.value)))) {
    throw new MetricsPageProblem("no Prometheus samples on the page (is this the server's /metrics?)");
  }
  const histograms = new Map<string, PageHistogram[]>();
  for (const name of histogramNames) {
    const series = histogramSeries(samples.get(`${name}_bucket`) ?? []);
    if (series.length > 0) histograms.set(name, series);
  }
  return { samples, histograms };
}

/** "+Inf", "-Inf", "NaN" and the numbers Go and Python write. */
function sampleValue(text: string): number {
  const trimmed = text.trim();
  if (trimmed === "+Inf" || trimmed === "Inf") return Infinity;
  if (trimmed === "-Inf") return -Infinity;
  const value = Number(trimmed);
  return trimmed === "" ? NaN : value;
}

/** The `_bucket` samples grouped by their labels other than `le`, each sorted by bound. */
function histogramSeries(buckets: readonly PageSample[]): PageHistogram[] {
  const byLabels = new Map<string, { labels: Record<string, string>; bounds: [number, number][] }>();
  for (const sample of buckets) {
    const { le, ...labels } = sample.labels;
    if (le === undefined) continue;
    const key = JSON.stringify(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    let entry = byLabels.get(key);
    if (entry === undefined) byLabels.set(key, (entry = { labels, bounds: [] }));
    entry.bounds.push([sampleValue(le), sample.value]);
  }
  const series: PageHistogram[] = [];
  for (const { labels, bounds } of byLabels.values()) {
    bounds.sort(([a], [b]) => a - b);
    if (bounds.length === 0 || bounds[bounds.length - 1]![0] !== Infinity) continue;
    series.push({ labels, le: bounds.map(([le]) => le), counts: bounds.map(([, count]) => count) });
  }
  return series;
}

/** Which line the library refused, by number: the message it threw repeats the line's text. */
function lineOf(error: unknown, lines: readonly string[]): string {
  const message = error instanceof Error ? error.message : "";
  const prefix = "Encountered invalid line: ";
  if (message.startsWith(prefix)) {
    const bad = message.slice(prefix.length);
    const index = lines.findIndex((line) => line.trim() === bad);
    if (index >= 0) return `line ${index + 1} could not be read`;
  }
  return "a line could not be read";
}
