// The command line's reader of binary scenario inputs (`{ "file": "assets/cat.png" }`): a path relative
// to the scenario file, inside its folder, read once and kept, so every request (and a replay) sends the
// same bytes. Refusals name the input (`inputs[3].image: file not found: assets/cat.png`).

import { constants } from "node:fs";
import { open, realpath, type FileHandle } from "node:fs/promises";
import { extname, isAbsolute, relative, resolve, sep } from "node:path";

/** Bytes of one file and the media type its extension says. */
export type InputFileReader = (path: string) => Promise<Blob>;

export interface InputFileLimits {
  /** Largest single file. */
  maxFileBytes: number;
  /** All distinct files of a scenario together: they stay in memory for the run. */
  maxTotalBytes: number;
}

export const DEFAULT_INPUT_FILE_LIMITS: InputFileLimits = { maxFileBytes: 25 * 1024 * 1024, maxTotalBytes: 200 * 1024 * 1024 };

const MEDIA_TYPES: Readonly<Record<string, string>> = {
  ".wav": "audio/wav",
  ".flac": "audio/flac",
  ".mp3": "audio/mpeg",
  ".ogg": "audio/ogg",
  ".opus": "audio/ogg",
  ".webm": "audio/webm",
  ".m4a": "audio/mp4",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".bmp": "image/bmp",
  ".pdf": "application/pdf",
};

export function mediaTypeOfPath(path: string): string {
  return MEDIA_TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";
}

export class InputFileError extends Error {}

function describeSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  return bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${bytes} bytes`;
}

/**
 * Opened without following a link in the last component, and without waiting: opening a FIFO for reading
 * would otherwise block until something writes to it. (O_NOFOLLOW is 0 where the system has none.)
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

function isInside(folder: string, full: string): boolean {
  const inside = relative(folder, full);
  return inside !== "" && inside !== ".." && !inside.startsWith(`..${sep}`) && !isAbsolute(inside);
}

/**
 * Reads files relative to `scenarioDir`. A path that is absolute or leaves the folder is refused: a
 * scenario from elsewhere must not be able to send any file of this machine to an endpoint it names.
 * The text of the path is not enough: every component is resolved (realpath), so a symbolic link in the
 * folder (`assets/cat.png` → the user's token file, `assets` → `/etc`) is refused by where it leads; and
 * only a regular file is read (not a FIFO, a device or a folder), checked on the opened file itself.
 */
export function createInputFileReader(scenarioDir: string, limits: InputFileLimits = DEFAULT_INPUT_FILE_LIMITS): InputFileReader {
  const folder = resolve(scenarioDir);
  // The folder itself may be reached through a link (the person's own choice): files are judged against where it really is.
  let realFolder: Promise<string> | null = null;
  const read = new Map<string, Promise<Blob>>();
  let totalBytes = 0;
  const load = async (path: string): Promise<Blob> => {
    if (path.trim() === "") throw new InputFileError("file is empty: give a path relative to the scenario file");
    if (isAbsolute(path)) throw new InputFileError(`file must be a path relative to the scenario file, not ${path}`);
    const full = resolve(folder, path);
    if (!isInside(folder, full)) throw new InputFileError(`file must stay inside the scenario's folder: ${path}`);
    let handle: FileHandle;
    try {
      realFolder ??= realpath(folder);
      const real = await realpath(full);
      if (!isInside(await realFolder, real)) throw new InputFileError(`file must stay inside the scenario's folder: ${path} is a symbolic link, or passes through one, that leads outside it`);
      handle = await open(real, OPEN_FLAGS);
    } catch (error) {
      if (error instanceof InputFileError) throw error;
      throw new InputFileError(fileSystemRefusal(error, path));
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new InputFileError(`not a regular file: ${path} is ${info.isDirectory() ? "a folder" : info.isFIFO() ? "a named pipe (FIFO)" : "a device or other special file"}`);
      const size = info.size;
      if (size > limits.maxFileBytes) throw new InputFileError(`file too large: ${path} is ${describeSize(size)}, the limit is ${describeSize(limits.maxFileBytes)}`);
      if (size === 0) throw new InputFileError(`file is empty: ${path}`);
      totalBytes += size;
      if (totalBytes > limits.maxTotalBytes) throw new InputFileError(`files too large together: past ${describeSize(limits.maxTotalBytes)} with ${path}`);
      // Read from the handle that was checked, not the path again: the file read is the file judged.
      const bytes = await handle.readFile();
      return new Blob([new Uint8Array(bytes)], { type: mediaTypeOfPath(path) });
    } finally {
      await handle.close();
    }
  };
  return (path) => {
    let pending = read.get(path);
    if (!pending) {
      pending = load(path);
      read.set(path, pending);
    }
    return pending;
  };
}

function fileSystemRefusal(error: unknown, path: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return `file not found: ${path}`;
  // A loop of links, or (O_NOFOLLOW) a link swapped in after the path was resolved.
  if (code === "ELOOP") return `cannot read ${path}: a loop of symbolic links, or a link put in its place while it was read (ELOOP)`;
  return `cannot read ${path} (${code ?? String(error)})`;
}

/** Every `{ "file": … }` in the inputs, with the path that names it (`inputs[3].image`). */
export function fileInputsOf(inputs: unknown, path = "inputs"): { path: string; file: string }[] {
  if (Array.isArray(inputs)) return inputs.flatMap((item, index) => fileInputsOf(item, `${path}[${index}]`));
  if (typeof inputs !== "object" || inputs === null) return [];
  const entries = Object.entries(inputs);
  if (entries.length === 1 && entries[0]?.[0] === "file" && typeof entries[0][1] === "string") return [{ path, file: entries[0][1] }];
  return entries.flatMap(([key, value]) => fileInputsOf(value, `${path}.${key}`));
}

/** Reads every file input before anything is sent: one error per input that cannot be read, named. */
export async function checkInputFiles(inputs: unknown, reader: InputFileReader): Promise<string[]> {
  const errors: string[] = [];
  for (const { path, file } of fileInputsOf(inputs)) {
    try {
      await reader(file);
    } catch (error) {
      if (!(error instanceof InputFileError)) throw error;
      errors.push(`${path}: ${error.message}`);
    }
  }
  return errors;
}
