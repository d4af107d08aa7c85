// What the response's status line and headers tell the record before its body is read: the status, the
// content type, a Retry-After, and whether the body is framed by the connection's end alone.
import type { Clock } from "./clock";
import type { WireTiming } from "./wire-timing";

/** Notes the response's head on the timing, as soon as fetch resolves with it. */
export function noteResponseHead(timing: WireTiming, response: Response, clock: Clock): void {
  timing.httpStatus = response.status;
  timing.contentType = response.headers.get("content-type");
  timing.retryAfterMs = parseRetryAfter(response.headers.get("retry-after"), clock.epochMs());
  timing.closeDelimited = isCloseDelimited(response.headers, timing.wire.http1);
}

/** Retry-After is either delay-seconds (a whole number) or an HTTP date; anything else is ignored. */
export function parseRetryAfter(header: string | null, nowEpochMs: number): number | null {
  const value = header?.trim();
  if (!value) return null;
  // Number() would also take "-5", "0x10", "1e3" and "Infinity": delay-seconds are digits (a fraction is tolerated).
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  // A date names a weekday and a month: Date.parse alone would take "5" or "2" as a year.
  if (!/[a-z]{3}/i.test(value)) return null;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - nowEpochMs);
}

/**
 * Whether the body ends only at the connection's close (RFC 9112 §6.3): no Content-Length, and no
 * transfer coding ending in chunked. Known for HTTP/1.x when the transport says the version; otherwise
 * only a visible `connection: close` says it, since a browser hides both the version and, across
 * origins, Transfer-Encoding (a chunked answer would look close-delimited).
 */
function isCloseDelimited(headers: Headers, http1: boolean | null | undefined): boolean {
  if (headers.has("content-length")) return false;
  const codings = headers.get("transfer-encoding");
  if (codings !== null && /(?:^|,)\s*chunked\s*$/i.test(codings)) return false;
  return http1 === true || (codings === null && /\bclose\b/i.test(headers.get("connection") ?? ""));
}

/** A status whose answer carries no body, whatever its headers say. */
export function isNullBodyStatus(status: number): boolean {
  return status === 101 || status === 204 || status === 205 || status === 304;
}
