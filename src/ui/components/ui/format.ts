// Number and time formatting for the screen: one precision, units always shown, one mark for "missing".
// Every numeric formatter accepts null/undefined and shows MISSING for it, so tables need no special case.

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
  return isMissing(value) ? MISSING : integerFormat.format(value);
}

/**
 * Always in milliseconds, never switching to seconds: in a column of latencies the digits then line up
 * by magnitude, and "1,240 ms" vs "850 ms" compares at a glance where "1.24 s" vs "850 ms" does not.
 */
export function formatMs(value: number | null | undefined): string {
  return isMissing(value) ? MISSING : `${formatMagnitude(value)} ms`;
}

/** A fraction (0.125) as a percentage ("12.5%"). */
export function formatPercent(fraction: number | null | undefined): string {
  if (isMissing(fraction)) return MISSING;
  if (fraction === 0) return "0%";
  return `${oneDecimalFormat.format(fraction * 100)}%`;
}

export function formatTokensPerSecond(value: number | null | undefined): string {
  return isMissing(value) ? MISSING : `${formatMagnitude(value)} tok/s`;
}

export function formatRequestsPerSecond(value: number | null | undefined): string {
  return isMissing(value) ? MISSING : `${formatMagnitude(value)} req/s`;
}

/** Wall-clock offset from the start of the run, in seconds with millisecond resolution. */
export function formatOffsetSeconds(offsetMs: number | null | undefined): string {
  return isMissing(offsetMs) ? MISSING : `${(offsetMs / 1000).toFixed(3)} s`;
}

/** A signed difference in milliseconds ("+12.3 ms", "−4.00 ms"). */
export function formatMsChange(deltaMs: number | null | undefined): string {
  if (isMissing(deltaMs)) return MISSING;
  return `${withSign(deltaMs, formatMagnitude(Math.abs(deltaMs)))} ms`;
}

/** A relative change already in percent (12.3 → "+12.3%"). */
export function formatPercentChange(percent: number | null | undefined): string {
  if (isMissing(percent)) return MISSING;
  return `${withSign(percent, oneDecimalFormat.format(Math.abs(percent)))}%`;
}

/** A difference of two fractions, in percentage points (0.02 → "+2.0 pp"). */
export function formatPercentPointChange(deltaFraction: number | null | undefined): string {
  if (isMissing(deltaFraction)) return MISSING;
  return `${withSign(deltaFraction, oneDecimalFormat.format(Math.abs(deltaFraction * 100)))} pp`;
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
