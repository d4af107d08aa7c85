// Why the timing fetch stopped reading a body and failed the attempt: the body broke a limit (its size, an
// endless event line), or the provider's event stream said the answer failed. The error classification
// reads these as bad responses.

/** Decoded bytes of one response at most, unless the scenario says otherwise: a gzip bomb stops here. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
/** One event line at most: real providers send a token or a tool-call piece per event, a few KB. */
export const MAX_EVENT_LINE_BYTES = 2 * 1024 * 1024;

/** The body broke a limit (its size, an endless event line): reading stopped there and the attempt failed. */
export class ResponseRejectedError extends Error {
  override name = "ResponseRejectedError";
}

/** The body went over the scenario's byte limit. */
export class ResponseTooLargeError extends ResponseRejectedError {
  constructor(readonly limitBytes: number) {
    super(`the response went over ${formatByteLimit(limitBytes)} (run.maxResponseBytes): reading stopped there`);
  }
}

/**
 * One line of an event stream went over MAX_EVENT_LINE_BYTES. The library buffers a line by copying it
 * whole for every chunk, so a line without end costs time quadratic in its length: it is cut off here,
 * long before the byte limit.
 */
export class EventLineTooLongError extends ResponseRejectedError {
  constructor() {
    super(`an event stream line went over ${formatByteLimit(MAX_EVENT_LINE_BYTES)} without ending: not an event stream`);
  }
}

/** The event stream carried an `event: error` event: the provider's own report that the answer failed. */
export class StreamErrorEventError extends Error {
  constructor(providerMessage: string | null) {
    super(`the provider sent an error event in the stream${providerMessage ? `: ${providerMessage}` : ""}`);
    this.name = "StreamErrorEventError";
  }
}

export function formatByteLimit(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
