// A parsed page mapped to what a scrape keeps: each known quantity from the first of its names the page
// has (known-families.ts), its label sets combined; time histograms in milliseconds; the picked names.
import { HISTOGRAM_QUANTITIES, SCALAR_QUANTITIES, serverOfFamily, type ServerKind } from "./known-families";
import { parseMetricsPage, type MetricsPage, type PageHistogram, type PageSample } from "./prometheus-page";
import type { BucketCounts, ServerScrape } from "./server-scrape";

export type PageReading = Pick<ServerScrape, "server" | "values" | "histograms" | "picked">;

/** Every name a scrape reads: the known families' and the picked ones. */
export function wantedFamilies(pickedNames: readonly string[] = []): Set<string> {
  return new Set([...SCALAR_QUANTITIES.flatMap((quantity) => quantity.names), ...HISTOGRAM_QUANTITIES.flatMap((quantity) => quantity.names), ...pickedNames]);
}

/** A page's text read for a scrape: only the wanted families' lines are parsed. */
export function readMetricsText(text: string, pickedNames: readonly string[] = [], wanted: ReadonlySet<string> = wantedFamilies(pickedNames)): PageReading {
  return readPage(parseMetricsPage(text, wanted), pickedNames);
}

export function readPage(page: MetricsPage, pickedNames: readonly string[] = []): PageReading {
  const reading: PageReading = { server: serverOf(page), values: {}, histograms: {}, picked: {} };
  for (const quantity of SCALAR_QUANTITIES) {
    const name = quantity.names.find((candidate) => page.samples.has(candidate));
    const value = name === undefined ? null : combined(page.samples.get(name)!, quantity.combine);
    if (value !== null) reading.values[quantity.id] = value;
  }
  for (const quantity of HISTOGRAM_QUANTITIES) {
    const name = quantity.names.find((candidate) => page.histograms.has(candidate));
    const summed = name === undefined ? null : summedHistogram(page.histograms.get(name)!, 1000);
    if (summed !== null) reading.histograms[quantity.id] = summed;
  }
  for (const name of pickedNames) {
    const value = page.samples.has(name) ? combined(page.samples.get(name)!, "sum") : null;
    if (value !== null) reading.picked[name] = value;
  }
  return reading;
}

/** The server whose namespaced families the page holds most of (a gateway may add a few of another's). */
function serverOf(page: MetricsPage): ServerKind | null {
  const counts = new Map<ServerKind, number>();
  for (const name of [...page.samples.keys(), ...page.histograms.keys()]) {
    const server = serverOfFamily(name);
    if (server !== null) counts.set(server, (counts.get(server) ?? 0) + 1);
  }
  let best: ServerKind | null = null;
  for (const [server, count] of counts) if (best === null || count > counts.get(best)!) best = server;
  return best;
}

function combined(samples: readonly PageSample[], combine: "sum" | "mean"): number | null {
  const values = samples.map((sample) => sample.value).filter(Number.isFinite);
  if (values.length === 0) return null;
  const sum = values.reduce((total, value) => total + value, 0);
  return combine === "sum" ? sum : sum / values.length;
}

/**
 * Every label set's buckets added bound by bound (engines and models of one server share their bounds);
 * a label set with other bounds is left out rather than mixed in. `scale` turns seconds into ms.
 */
function summedHistogram(series: readonly PageHistogram[], scale: number): BucketCounts | null {
  const first = series[0];
  if (first === undefined) return null;
  const counts = new Array<number>(first.counts.length).fill(0);
  for (const one of series) {
    if (one.le.length !== first.le.length || one.le.some((bound, index) => bound !== first.le[index])) continue;
    one.counts.forEach((count, index) => (counts[index]! += Number.isFinite(count) ? count : 0));
  }
  return { le: first.le.slice(0, -1).map((bound) => roundBound(bound * scale)), counts };
}

/** 0.025 s × 1000 is 25.000000000000004 in floating point: bounds are written as the server meant them. */
function roundBound(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
