// Reading a stream whole without trusting its length: a provider's body, an image an answer points to, a
// share link's inflated scenario. One reader, so the limit is kept the same way everywhere.

/**
 * The stream's bytes, read chunk by chunk and stopped as soon as they pass `maxBytes` (an endless stream
 * is never buffered); `tooLarge` makes the error thrown then. The cancel is not awaited: a hostile
 * source need not answer it for the read to end.
 */
export async function readAtMost(stream: ReadableStream<Uint8Array>, maxBytes: number, tooLarge: () => Error): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return concatChunks(chunks, total);
}

/** The chunks one after the other in one array of `totalBytes`. */
export function concatChunks(chunks: readonly Uint8Array[], totalBytes: number): Uint8Array {
  const joined = new Uint8Array(totalBytes);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return joined;
}
