// A file put in place whole, or not at all, from a temporary file beside it. The temporary file has a
// random name and is created exclusively (O_EXCL), so nothing planted in the folder, a file or a symbolic
// link named as it would be, can receive the bytes; it then replaces the destination by rename (a link
// there is replaced, not written through) or, when nothing may be replaced, by link(2), which fails on any
// existing entry, a dangling link included.
import { randomBytes } from "node:crypto";
import { link, open, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/** `.<name>.<random>.partial` beside `target`: hidden, and not guessable by anyone who could plant it. */
export function temporaryPathBeside(target: string): string {
  return join(dirname(target), `.${basename(target)}.${randomBytes(8).toString("hex")}.partial`);
}

export class FileExistsProblem extends Error {}

/**
 * Creates the temporary file, lets `write` fill it (by its path), then puts it at `target`: replacing what
 * is there (`replace`), or refusing with FileExistsProblem when anything already is. The temporary file
 * is removed whatever happens.
 */
export async function placeFile(target: string, write: (temporaryPath: string) => Promise<void>, options: { replace: boolean }): Promise<void> {
  const temporary = temporaryPathBeside(target);
  await (await open(temporary, "wx")).close();
  try {
    await write(temporary);
    if (options.replace) {
      await rename(temporary, target);
      return;
    }
    await link(temporary, target).catch((error: NodeJS.ErrnoException) => {
      throw error.code === "EEXIST" ? new FileExistsProblem(`${target} exists already`) : error;
    });
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}
