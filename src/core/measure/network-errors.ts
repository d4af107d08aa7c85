// A failed connection's cause in words: Node's fetch and undici say it in an error code nested in the
// error's cause; a browser never says, so the message names the candidates.

const NETWORK_CAUSES: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "unknown host",
  EAI_AGAIN: "host name lookup failed",
  ECONNRESET: "connection reset by the server",
  EPIPE: "connection closed by the server",
  ETIMEDOUT: "connection timed out",
  UND_ERR_SOCKET: "connection closed by the server",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
};

/**
 * undici gives one code (UND_ERR_SOCKET) for several failures and tells them apart by its message; the
 * ones a server causes are said as what happened (an unasked 100 Continue read as the connection closing
 * misled: the server had answered).
 */
const UNDICI_SOCKET_CAUSES: Record<string, string> = {
  "other side closed": "connection closed by the server",
  "bad response": "the server sent 100 Continue, which the request did not ask for (no Expect: 100-continue), so its answer was not read and the connection was closed",
  "bad upgrade": "the server switched protocols, which the request did not ask for, so its answer was not read and the connection was closed",
};

function networkCause(code: string, causeMessage: unknown): string {
  const said = typeof causeMessage === "string" ? causeMessage : null;
  if (code === "UND_ERR_SOCKET" && said !== null && Object.hasOwn(UNDICI_SOCKET_CAUSES, said)) return UNDICI_SOCKET_CAUSES[said]!;
  return NETWORK_CAUSES[code] ?? said ?? "network error";
}

/**
 * Node's fetch nests the system error in `cause` (sometimes twice); a browser gives a bare TypeError and
 * never says why, so the message names the candidates.
 */
export function describeNetworkError(error: unknown, message: string): string {
  let cause = (error as { cause?: unknown }).cause;
  for (let depth = 0; depth < 4 && cause && typeof cause === "object"; depth++) {
    const { code, message: causeMessage } = cause as { code?: unknown; message?: unknown };
    if (typeof code === "string") return `${message}: ${networkCause(code, causeMessage)} (${code})`;
    const next = (cause as { cause?: unknown }).cause;
    if (!next && typeof causeMessage === "string") return `${message}: ${causeMessage}`;
    cause = next;
  }
  if (timingIsBrowserFetchFailure(error)) {
    return `${message} — CORS refusal, connection refused or unknown host: the browser does not say which`;
  }
  return message;
}

function timingIsBrowserFetchFailure(error: unknown): boolean {
  return error instanceof TypeError && (error as { cause?: unknown }).cause === undefined;
}

export function isDomException(error: unknown, name: string): boolean {
  return typeof DOMException !== "undefined" && error instanceof DOMException && error.name === name;
}

