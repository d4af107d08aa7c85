// Which metric columns the compare page's summary table shows, remembered in this browser's localStorage.
// Only the user's departures from the defaults are stored ({ metricId: shown }), so a metric added to the
// catalogue later still appears or hides by its own default, and an id the catalogue no longer has is
// ignored. The defaults are the catalogue's table view, of the metrics the run measures (its figures).
import type { MeasuredFigures } from "../../../../core/metrics/measured-figures";
import { isMeasured, METRICS, type Metric } from "../../../../core/metrics";

const COLUMNS_KEY = "providerbench.compareColumns";

/** metric id → shown, for the columns the user changed from their default. */
export type ColumnChoices = Readonly<Record<string, boolean>>;

/** Shown unless the user said otherwise: the catalogue's "table" view, when the run measures it. */
export function shownByDefault(metric: Metric, figures?: MeasuredFigures): boolean {
  return metric.views.includes("table") && isMeasured(metric, figures);
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; choices: ColumnChoices } | null = null;

function readRaw(): string | null {
  try {
    return localStorage.getItem(COLUMNS_KEY);
  } catch {
    // Storage can be disabled (privacy settings): the defaults still work, choices are just forgotten.
    return null;
  }
}

/** Keeps the entries naming a catalogue metric with a true/false value; anything else stored is dropped. */
export function parseColumnChoices(raw: string | null): ColumnChoices {
  if (raw === null) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
  const known = new Set(METRICS.map((metric) => metric.id));
  return Object.fromEntries(
    Object.entries(parsed as Record<string, unknown>).filter(
      (entry): entry is [string, boolean] => known.has(entry[0]) && typeof entry[1] === "boolean",
    ),
  );
}

/** The stored choices; the same object until they change, as useSyncExternalStore needs. */
export function readColumnChoices(): ColumnChoices {
  const raw = readRaw();
  if (cached === null || cached.raw !== raw) cached = { raw, choices: parseColumnChoices(raw) };
  return cached.choices;
}

function writeChoices(choices: ColumnChoices): void {
  try {
    if (Object.keys(choices).length === 0) localStorage.removeItem(COLUMNS_KEY);
    else localStorage.setItem(COLUMNS_KEY, JSON.stringify(choices));
  } catch {
    // Not stored (storage disabled or full): the choice holds until the page closes.
    cached = { raw: readRaw(), choices };
  } finally {
    for (const listener of listeners) listener();
  }
}

export function isColumnShown(metric: Metric, choices: ColumnChoices, figures?: MeasuredFigures): boolean {
  return choices[metric.id] ?? shownByDefault(metric, figures);
}

/** Shows or hides one column; a choice equal to this run's default is forgotten rather than stored. */
export function setColumnShown(metric: Metric, shown: boolean, figures?: MeasuredFigures): void {
  const next: Record<string, boolean> = { ...readColumnChoices() };
  if (shown === shownByDefault(metric, figures)) delete next[metric.id];
  else next[metric.id] = shown;
  writeChoices(next);
}

export function resetColumnChoices(): void {
  writeChoices({});
}

/** For useSyncExternalStore: fires when the choices change in this tab or another one. */
export function subscribeToColumnChoices(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent): void => {
    if (event.key === COLUMNS_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
