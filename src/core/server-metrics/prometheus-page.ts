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
const META_LINE = /^#\s*(?:HELP|TYPE)\s+(\S+)/;
/** A sample line's metric name: what comes before its labels or its value. */
const SAMPLE_NAME = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?=[{\s])/;
const SERIES_SUFFIX = /_(?:bucket|sum|count|created)$/;

/**
 * `wanted`: the family names to read (a counter by its `_total` name); the other families' lines are
 * dropped before the library sees them, so a large page costs the run's event loop only what it keeps.
 * Without it, every family is read.
 */
export function parseMetricsPage(text: string, wanted?: ReadonlySet<string>): MetricsPage {
  const { kept, histogramNames } = keptLines(text, wanted);
  let families;
  try {
    // The final line break: the library drops the last sample of a page without one (it ends the family first).
    families = parsePrometheusTextFormat(`${kept.map((line) => line.text).join("\n")}\n`);
  } catch (error) {
    throw new MetricsPageProblem(`not Prometheus text: ${lineOf(error, kept)}`);
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
  const histograms = new Map<string, PageHistogram[]>();
  for (const name of histogramNames) {
    const series = histogramSeries(samples.get(`${name}_bucket`) ?? []);
    if (series.length > 0) histograms.set(name, series);
  }
  return { samples, histograms };
}

interface KeptLine {
  text: string;
  /** 1-based, in the page as served. */
  lineNumber: number;
}

/** The page's lines the library is handed: wanted families only, histograms' TYPE rewritten to untyped. */
function keptLines(text: string, wanted: ReadonlySet<string> | undefined): { kept: KeptLine[]; histogramNames: Set<string> } {
  const histogramNames = new Set<string>();
  const kept: KeptLine[] = [];
  let sampleLines = 0;
  const lines = text.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.trim();
    if (line === "") continue;
    const lineNumber = index + 1;
    if (line.startsWith("#")) {
      const family = META_LINE.exec(line)?.[1];
      if (family === undefined || (wanted !== undefined && !wanted.has(family))) continue;
      const histogram = TYPE_LINE.exec(line);
      if (histogram !== null && histogram[2]!.toLowerCase() !== "summary") histogramNames.add(family);
      kept.push({ text: histogram === null ? line : `# TYPE ${family} untyped`, lineNumber });
      continue;
    }
    const name = SAMPLE_NAME.exec(line)?.[1];
    if (name !== undefined) sampleLines++;
    // A line that names no metric is handed on, for the library to refuse with its line number.
    if (name !== undefined && wanted !== undefined && !wanted.has(name) && !wanted.has(name.replace(SERIES_SUFFIX, ""))) continue;
    kept.push({ text: line, lineNumber });
  }
  // An HTML page or a JSON body has no line that starts like a sample: no metrics page.
  if (sampleLines === 0) throw new MetricsPageProblem("no Prometheus samples on the page (is this the server's /metrics?)");
  return { kept, histogramNames };
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
function lineOf(error: unknown, lines: readonly KeptLine[]): string {
  const message = error instanceof Error ? error.message : "";
  const prefix = "Encountered invalid line: ";
  if (message.startsWith(prefix)) {
    const bad = message.slice(prefix.length);
    const found = lines.find((line) => line.text === bad);
    if (found !== undefined) return `line ${found.lineNumber} could not be read`;
  }
  return "a line could not be read";
}
