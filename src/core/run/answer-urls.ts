// A file an answer only points to (a text-to-image answer's image URL), fetched through the target's own
// transport: its bytes meet the run's byte limit, timeout and credential rule like the answer's own, and
// it is fetched only from the origin that gave the answer or one the scenario's target allows. Left to
// @huggingface/inference, such a URL is fetched with the global fetch, outside every one of those.
import { readAtMost, followWithinOrigin } from "../endpoints";
import { ResponseRejectedError, ResponseTooLargeError } from "../measure";

/** An answer's URL at an origin the target does not allow: refused before any byte is asked for. */
export class AnswerUrlRefusedError extends ResponseRejectedError {
  override name = "AnswerUrlRefusedError";
}

export interface AnswerUrlRule {
  /** The URL of the request that gave the answer: its origin may always be fetched from. */
  answeredFrom: string;
  /** Other origins the scenario's target allows (targets[].answerUrlOrigins), e.g. a provider's file host. */
  allowedOrigins: readonly string[];
  maxResponseBytes: number;
  signal: AbortSignal;
}

/**
 * The file at `url`: a `data:` URL decoded here (no request), an http(s) URL fetched with `targetFetch`
 * (the target's scoped fetch: a key goes to its own origin only), its redirects followed within its
 * origin only, and read at most `maxResponseBytes`.
 */
export async function fetchAnswerUrl(targetFetch: typeof fetch, url: string, rule: AnswerUrlRule): Promise<Blob> {
  const dataBlob = blobOfDataUrl(url);
  if (dataBlob !== null) return dataBlob;
  const parsed = httpUrlOf(url);
  if (parsed === null) throw new AnswerUrlRefusedError(`the answer points to ${JSON.stringify(url.slice(0, 100))}, which is not an http(s) or data: URL: not fetched`);
  const answeredFrom = new URL(rule.answeredFrom);
  if (parsed.origin !== answeredFrom.origin && !rule.allowedOrigins.includes(parsed.origin)) {
    throw new AnswerUrlRefusedError(
      `the answer points to a file at ${parsed.host}, another host than ${answeredFrom.host} which answered: not fetched (to allow it, add "${parsed.origin}" to the target's answerUrlOrigins)`,
    );
  }
  // Redirects within the file's origin only: a browser's fetch would follow one anywhere.
  const response = await followWithinOrigin(targetFetch, parsed, { signal: rule.signal }, parsed.origin);
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new AnswerUrlRefusedError(`the file the answer points to, at ${parsed.host}, could not be fetched: HTTP ${response.status}`);
  }
  const bytes = response.body === null ? new Uint8Array(0) : await readAtMost(response.body, rule.maxResponseBytes, () => new ResponseTooLargeError(rule.maxResponseBytes));
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: response.headers.get("content-type") ?? "" });
}

function httpUrlOf(url: string): URL | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed : null;
  } catch {
    return null;
  }
}

/** `data:<mime>;base64,<bytes>` as a Blob; null for any other URL. */
function blobOfDataUrl(url: string): Blob | null {
  const match = /^data:([^;,]*)(;base64)?,/i.exec(url);
  if (match === null) return null;
  const payload = url.slice(match[0].length);
  const bytes = match[2] !== undefined ? bytesOfBase64(payload) : new TextEncoder().encode(decodeURIComponent(payload));
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: match[1] ?? "" });
}

function bytesOfBase64(base64: string): Uint8Array {
  const binary = atob(base64.replace(/\s+/g, ""));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
