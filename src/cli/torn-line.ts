// A records file whose last line was cut off mid-write (a full disk, a process killed inside a write):
// every line the command line writes ends with a line break, so a file that does not end with one ends
// with a torn line. Cut away, the file holds whole lines again, and an append starts on a line of its own.
import { open } from "node:fs/promises";

const CHUNK_BYTES = 64 * 1024;

/**
 * Truncates a regular file after its last line break; returns the line number and bytes of the torn line
 * taken away, or null when the file ends whole (or is not a regular file: a pipe, a device, left alone).
 */
export async function trimTornLastLine(path: string): Promise<{ lineNumber: number; removedBytes: number } | null> {
  const handle = await open(path, "r+");
  try {
    const stats = await handle.stat();
    if (!stats.isFile() || stats.size === 0) return null;
    const chunk = Buffer.alloc(CHUNK_BYTES);
    let wholeBytes = 0;
    let end = stats.size;
    search: while (end > 0) {
      const start = Math.max(0, end - CHUNK_BYTES);
      const { bytesRead } = await handle.read(chunk, 0, end - start, start);
      for (let index = bytesRead - 1; index >= 0; index--) {
        if (chunk[index] !== 0x0a) continue;
        wholeBytes = start + index + 1;
        break search;
      }
      end = start;
    }
    if (wholeBytes === stats.size) return null;
    const lineNumber = (await countLineBreaks(handle, wholeBytes, chunk)) + 1;
    await handle.truncate(wholeBytes);
    return { lineNumber, removedBytes: stats.size - wholeBytes };
  } finally {
    await handle.close();
  }
}

async function countLineBreaks(handle: Awaited<ReturnType<typeof open>>, bytes: number, chunk: Buffer): Promise<number> {
  let count = 0;
  for (let position = 0; position < bytes; position += CHUNK_BYTES) {
    const { bytesRead } = await handle.read(chunk, 0, Math.min(CHUNK_BYTES, bytes - position), position);
    for (let index = 0; index < bytesRead; index++) if (chunk[index] === 0x0a) count++;
  }
  return count;
}
