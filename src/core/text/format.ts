// Number and time formatting, one formatter per unit, for the screen, the terminal and CSV alike: one
// precision, units always shown on screen, one mark for "missing". Every numeric formatter accepts
// null/undefined and shows MISSING for it, so tables need no special case.

/** Shown wherever a value is missing (no successful requests, no TTFT for non-streaming calls, …). */
export const MISSING = "—";

// A fixed locale keeps columns and screenshots identical on every machine.
const LOCALE = "en-US";
const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const oneDecimalFormat = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const twoDecimalsFormat = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
// A real minus sign is as wide as the plus sign in tabular figures; "-" is narrower.
const MINUS = "\u2212";

function isMissing(value: number | null | undefined): value is null | undefined {
  return value === null || value === undefined || !Number.isFinite(value);
}

/** Below 10 two decimals, below 100 one, then whole numbers with thousands separators. */
function formatMagnitude(value: number): string {
  const size = Math.abs(value);
  if (size < 10) return twoDecimalsFormat.format(value);
  if (size < 100) return oneDecimalFormat.format(value);
  return integerFormat.format(value);
}

function withSign(value: number, unsignedText: string): string {
  if (value > 0) return `+${unsignedText}`;
  if (value < 0) return `${MINUS}${unsignedText}`;
  return unsignedText;
}

export function formatCount(value: number | null | undefined): string {
  return formatValueIn("count", value);
}

/**
 * Always in milliseconds, never switching to seconds: in a column of latencies the digits then line up
 * by magnitude, and "1,240 ms" vs "850 ms" compares at a glance where "1.24 s" vs "850 ms" does not.
 */
export function formatMs(value: number | null | undefined): string {
  return formatValueIn("ms", value);
}

/** A size as people read it, to one decimal: "812 B", "14.2 KiB", "3.0 MiB" (a media output, an input file). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/** A fraction (0.125) as a percentage ("12.5%"). */
export function formatPercent(fraction: number | null | undefined): string {
  return formatValueIn("fraction", fraction);
}

export function formatTokensPerSecond(value: number | null | undefined): string {
  return formatValueIn("tokensPerSecond", value);
}

export function formatRequestsPerSecond(value: number | null | undefined): string {
  return formatValueIn("requestsPerSecond", value);
}

/** Wall-clock offset from the start of the run, in seconds with millisecond resolution. */
export function formatOffsetSeconds(offsetMs: number | null | undefined): string {
  return isMissing(offsetMs) ? MISSING : `${(offsetMs / 1000).toFixed(3)} s`;
}

/** A signed difference in milliseconds ("+12.3 ms", "−4.00 ms"). */
export function formatMsChange(deltaMs: number | null | undefined): string {
  return formatChangeIn("ms", deltaMs);
}

/** A relative change already in percent (12.3 → "+12.3%"). */
export function formatPercentChange(percent: number | null | undefined): string {
  if (isMissing(percent)) return MISSING;
  return `${withSign(percent, oneDecimalFormat.format(Math.abs(percent)))}%`;
}

/** A difference of two fractions, in percentage points (0.02 → "+2.0 pp"). */
export function formatPercentPointChange(deltaFraction: number | null | undefined): string {
  return formatChangeIn("fraction", deltaFraction);
}

/** The units summary metrics are measured in. */
/** Which way a quantity is better: the metric catalogue, the paired tests and the agreement measures say it alike. */
export type Better = "lower" | "higher";

export type Unit =
  | "count"
  | "ms"
  | "fraction"
  | "tokens"
  | "tokensPerSecond"
  | "requestsPerSecond"
  /** A plain quantity with decimals: requests in flight, chunks per request. */
  | "number"
  | "wordsPerSecond"
  | "charactersPerSecond"
  /** Seconds of audio heard or spoken per second of latency. */
  | "audioSecondsPerSecond"
  | "usd"
  /** A unitless score between -1 and 1 (cosine similarity): three decimals on screen, four in files. */
  | "score";

interface UnitFormat {
  /** Written after the number on screen, and in a terminal column's header. */
  symbol: string;
  /** The number alone at screen precision, for a terminal column whose header carries the unit. */
  number(value: number): string;
  /**
   * Decimals kept in CSV and JSON: finer than the screen, coarser than the clock's noise, so a file
   * is readable and diffs of it are not full of meaningless last digits.
   */
  fileDecimals: number;
}

const UNIT_FORMATS: Record<Unit, UnitFormat> = {
  count: { symbol: "", number: (value) => integerFormat.format(value), fileDecimals: 0 },
  ms: { symbol: "ms", number: formatMagnitude, fileDecimals: 2 },
  fraction: {
    symbol: "%",
    number: (value) => (value === 0 ? "0" : oneDecimalFormat.format(value * 100)),
    // A fraction to 4 decimals is a percentage to 2.
    fileDecimals: 4,
  },
  tokens: { symbol: "tok", number: formatMagnitude, fileDecimals: 2 },
  tokensPerSecond: { symbol: "tok/s", number: formatMagnitude, fileDecimals: 2 },
  requestsPerSecond: { symbol: "req/s", number: formatMagnitude, fileDecimals: 3 },
  // A request often costs a fraction of a cent: three significant digits below a dollar ($0.000135).
  usd: { symbol: "USD", number: formatDollars, fileDecimals: 8 },
  number: { symbol: "", number: formatMagnitude, fileDecimals: 2 },
  wordsPerSecond: { symbol: "words/s", number: formatMagnitude, fileDecimals: 2 },
  charactersPerSecond: { symbol: "chars/s", number: formatMagnitude, fileDecimals: 2 },
  score: { symbol: "", number: (value) => scoreFormat.format(value), fileDecimals: 4 },
  audioSecondsPerSecond: { symbol: "audio s/s", number: formatMagnitude, fileDecimals: 3 },
};

const scoreFormat = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 3, maximumFractionDigits: 3 });

const dollarsBelowOneFormat = new Intl.NumberFormat(LOCALE, { maximumSignificantDigits: 3 });

function formatDollars(value: number): string {
  return Math.abs(value) < 1 && value !== 0 ? dollarsBelowOneFormat.format(value) : formatMagnitude(value);
}

export function unitSymbol(unit: Unit): string {
  return UNIT_FORMATS[unit].symbol;
}

/** The number without its unit ("1,240"): for a column whose header names the unit. */
export function formatNumberIn(unit: Unit, value: number | null | undefined): string {
  return isMissing(value) ? MISSING : UNIT_FORMATS[unit].number(value);
}

/** The number with its unit ("1,240 ms", "12.5%", "3"). */
export function formatValueIn(unit: Unit, value: number | null | undefined): string {
  if (isMissing(value)) return MISSING;
  const { symbol, number } = UNIT_FORMATS[unit];
  if (symbol === "") return number(value);
  return symbol === "%" ? `${number(value)}%` : `${number(value)} ${symbol}`;
}

/** A signed difference in the unit ("+12.3 ms"); a fraction's difference is in percentage points. */
export function formatChangeIn(unit: Unit, delta: number | null | undefined): string {
  if (isMissing(delta)) return MISSING;
  if (unit === "fraction") return `${withSign(delta, oneDecimalFormat.format(Math.abs(delta * 100)))} pp`;
  const { symbol, number } = UNIT_FORMATS[unit];
  const text = withSign(delta, number(Math.abs(delta)));
  return symbol === "" ? text : `${text} ${symbol}`;
}

/** The value rounded for a file (CSV, JSON): a plain number, or null when missing. */
export function roundForFile(unit: Unit, value: number | null | undefined): number | null {
  if (isMissing(value)) return null;
  const scale = 10 ** UNIT_FORMATS[unit].fileDecimals;
  return Math.round(value * scale) / scale;
}

/** A clock-style duration: `0:07`, `12:34`, `1:02:03`. */
export function formatDuration(ms: number): string {
  const totalSeconds = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const pad = (value: number): string => String(value).padStart(2, "0");
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

// Dates follow the user's own locale: unlike numbers in a column, they are read one at a time.
// With seconds: two runs started in the same minute must be told apart.
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

export function formatDateTime(epochMs: number): string {
  return dateTimeFormat.format(epochMs);
}
