// `--outputs-dir <dir>`: the bytes of binary outputs (images, speech) as files named by their sha256 with
// an extension from their media type, so a record's `{ "blob": <sha256>, "mime", "bytes" }` finds its file.
// Identical outputs share one file. Bounded: past the total, files are no longer written (and counted).

import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { extensionOfMediaType } from "../core/tasks";
import { placeFile } from "./atomic-file";

export const DEFAULT_OUTPUTS_DIR_MAX_BYTES = 1024 * 1024 * 1024;

export interface OutputBlobWriter {
  /** Writes the bytes as `<sha256>.<ext>` unless that file exists; returns its name, or null past the bound. */
  write(bytes: Uint8Array, mime: string): Promise<string | null>;
  /** Files written, and outputs not written because the directory reached its bound. */
  counts(): { written: number; skipped: number };
}

export async function createOutputBlobWriter(dir: string, maxTotalBytes = DEFAULT_OUTPUTS_DIR_MAX_BYTES): Promise<OutputBlobWriter> {
  await mkdir(dir, { recursive: true });
  const known = new Set<string>();
  let totalBytes = 0;
  let written = 0;
  let skipped = 0;
  return {
    async write(bytes, mime) {
      const name = `${createHash("sha256").update(bytes).digest("hex")}.${extensionOfMediaType(mime)}`;
      if (known.has(name)) return name;
      if (totalBytes + bytes.length > maxTotalBytes) {
        skipped++;
        return null;
      }
      known.add(name);
      totalBytes += bytes.length;
      // Written aside, then renamed: a file under the hash's name is always whole (a run cut off mid-write
      // leaves a temporary file, never a wrong one), and renaming over an earlier run's copy changes nothing.
      // The temporary name is random and created exclusively, and the rename replaces a link planted under
      // the final name: no byte is written outside the folder, and no output is left as a link.
      await placeFile(join(dir, name), (temporary) => writeFile(temporary, bytes), { replace: true });
      written++;
      return name;
    },
    counts: () => ({ written, skipped }),
  };
}
