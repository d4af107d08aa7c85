// What went wrong with one attempt, as a record says it: one of docs/metrics.md's error kinds, the HTTP
// status, and a message of one bounded line with the provider's own words and no secrets.
import {
  InferenceClientHubApiError,
  InferenceClientInputError,
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
  InferenceClientRoutingError,
} from "@huggingface/inference";
import { describeError } from "../text";
import type { ErrorKind } from "../record";
import { oneLine, providerMessage } from "./error-text";
import { describeNetworkError, isDomException } from "./network-errors";
import { ResponseRejectedError, StreamErrorEventError } from "./response-rejections";
import { redactCutText, redactText, redactValue } from "./secrets";
import type { WireTiming } from "./wire-timing";

/** Long enough for a provider's sentence and a cause; short enough for a table cell and a CSV column. */
export const MAX_ERROR_MESSAGE_CHARS = 400;

/** A close-delimited body (WireTiming.closeDelimited) that ended incomplete: the connection's failure, not the provider's. */
export const CLOSE_DELIMITED_CUT =
  "the connection ended before the body was complete (a body framed only by the connection's end: a reset looks like an early close)";

export interface ErrorClassification {
  errorKind: ErrorKind;
  httpStatus: number | null;
  message: string;
}

/** Why the attempt's signal fired, if it did: the run was aborted, or the request timed out. */
export type AbortCause = "aborted" | "timeout" | null;

/**
 * Maps what went wrong to docs/metrics.md's error kinds, with a message that says what happened: the provider's
 * own words and status when it gave them, the likely cause of a network failure. The library's error
 * classes come first (they carry the HTTP status and the answer's body); then fetch's own failures, which
 * differ by runtime (Node says "fetch failed" or "terminated", browsers "Failed to fetch"), so they are
 * told apart by type, not by message. The message is always one bounded line.
 */
export function classifyError(error: unknown, timing: WireTiming, abortCause: AbortCause, secrets: readonly string[] = []): ErrorClassification {
  const classification = classify(error, timing, abortCause, secrets);
  // Redacted before it is cut: a key cut in half would leave its start behind.
  classification.message = oneLine(redactText(classification.message, secrets), MAX_ERROR_MESSAGE_CHARS);
  return classification;
}

function classify(error: unknown, timing: WireTiming, abortCause: AbortCause, secrets: readonly string[]): ErrorClassification {
  const message = describeError(error);
  if (abortCause === "aborted") return { errorKind: "aborted", httpStatus: timing.httpStatus, message: "aborted by the user" };
  if (abortCause === "timeout") return { errorKind: "timeout", httpStatus: timing.httpStatus, message };
  if (error instanceof ResponseRejectedError || error instanceof StreamErrorEventError) {
    return { errorKind: "bad_response", httpStatus: timing.httpStatus, message };
  }
  if (error instanceof InferenceClientProviderApiError || error instanceof InferenceClientHubApiError) {
    const status = error.httpResponse.status;
    // The provider's words are cut to an excerpt: the secrets go first (the body's first bytes were cut already).
    const excerpt = timing.errorBodyExcerpt === null ? null : redactCutText(timing.errorBodyExcerpt, secrets);
    const said = providerMessage(redactValue(error.httpResponse.body, secrets)) ?? providerMessage(excerpt);
    // A 2xx here is an error reported inside a 200: an error in the stream's data, or a wrong content type.
    const text = status >= 400 ? `HTTP ${status}${said ? `: ${said}` : ` (${message})`}` : said ? `the provider reported an error in the stream: ${said}` : message;
    return { errorKind: kindForHttpStatus(status), httpStatus: status, message: text };
  }
  if (error instanceof InferenceClientProviderOutputError) {
    return { errorKind: "bad_response", httpStatus: timing.httpStatus, message };
  }
  if (error instanceof InferenceClientInputError || error instanceof InferenceClientRoutingError) {
    return { errorKind: "input", httpStatus: null, message };
  }
  // fetch reports a failed connection as a TypeError, but so does library code choking on an odd body:
  // only a failure before the headers or while reading the body is the network's.
  const failedOnTheWire = timing.httpStatus === null || timing.bodyReadFailed;
  if ((error instanceof TypeError || isDomException(error, "NetworkError")) && failedOnTheWire) {
    return { errorKind: "network", httpStatus: timing.httpStatus, message: describeNetworkError(error, message) };
  }
  if (error instanceof SyntaxError && timing.closeDelimited && timing.bodyEnded) {
    return { errorKind: "network", httpStatus: timing.httpStatus, message: CLOSE_DELIMITED_CUT };
  }
  if (error instanceof SyntaxError) {
    return { errorKind: "bad_response", httpStatus: timing.httpStatus, message: `malformed response: ${message}` };
  }
  if (timing.httpStatus !== null && timing.httpStatus >= 400) {
    return { errorKind: kindForHttpStatus(timing.httpStatus), httpStatus: timing.httpStatus, message };
  }
  return { errorKind: "bad_response", httpStatus: timing.httpStatus, message };
}

/** A status that the library raised as an error; 2xx here means an error reported inside a 200 (an SSE error event, a wrong content type). */
export function kindForHttpStatus(status: number): ErrorKind {
  if (status === 429) return "rate_limited";
  if (status >= 500) return "http_5xx";
  if (status >= 400) return "http_4xx";
  return "bad_response";
}

