// A body that is not an event stream, read whole as it arrives, within the byte limit: its last byte's
// arrival, an error answer's excerpt for the record's message, and the bytes handed back to the library.
import { concatChunks } from "../endpoints";
import { bufferedResponse } from "./buffered-response";
import type { Clock } from "./clock";
import { cancelQuietly } from "./quiet-cancel";
import { ResponseTooLargeError } from "./response-rejections";
import type { WireTiming } from "./wire-timing";

/** Characters of an error answer's body kept for the record's message. */
const ERROR_EXCERPT_CHARS = 300;

/**
 * A body that is not a stream has no first token to time: read it whole at once (the library would
 * buffer it anyway) and hand the library a copy. Read chunk by chunk, not with arrayBuffer(), so a body
 * that inflates past the limit (a gzip bomb, an endless body) is stopped there rather than buffered.
 */
export async function readWholeBody(
  response: Response,
  stream: ReadableStream<Uint8Array>,
  timing: WireTiming,
  clock: Clock,
  maxResponseBytes: number,
): Promise<Response> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    let result: ReadableStreamReadResult<Uint8Array>;
    try {
      result = await reader.read();
    } catch (error) {
      timing.bodyReadFailed = true;
      throw error;
    }
    if (result.done) break;
    timing.bodyBytes += result.value.byteLength;
    if (timing.bodyBytes > maxResponseBytes) {
      cancelQuietly(reader);
      throw new ResponseTooLargeError(maxResponseBytes);
    }
    chunks.push(result.value);
  }
  // The last chunk's arrival at the socket, where the transport says (http-phases.ts), else now.
  timing.lastByteAt = timing.lastChunkAt = timing.wire.chunkArrivedAt ?? clock.now();
  timing.bodyEnded = true;
  const body = chunks.length === 1 ? chunks[0]! : concatChunks(chunks, timing.bodyBytes);
  if (response.status >= 400) timing.errorBodyExcerpt = textExcerpt(body);
  return bufferedResponse(response, body);
}

function textExcerpt(body: Uint8Array): string | null {
  const text = new TextDecoder().decode(body.subarray(0, 4 * ERROR_EXCERPT_CHARS));
  return text.trim() === "" ? null : text;
}
