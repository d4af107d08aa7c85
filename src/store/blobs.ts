// Bytes in the browser: binary outputs of runs and the input files of scenarios, in the `blobs` table
// by their sha256. A scenario input `{ "file": "sha256:<hex>" }` names stored bytes; a run pins every
// file input it sends to such a name in its stored snapshot, so a replay sends the very same bytes.
import type { ProviderBenchDb, StoredBlob } from "./db";

/** The `file` of an input whose bytes are in this browser's blobs table. */
export const STORED_FILE_PREFIX = "sha256:";

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** What a scenario input holds for a file put in the blobs table, plus what an editor shows of it. */
export interface StoredInputFile {
  /** `sha256:<hex>`: put it in a scenario input as `{ "file": <this> }`. */
  file: string;
  name: string;
  mime: string;
  bytes: number;
}

/** A binary output as a record holds it. */
export interface StoredOutputRef {
  blob: string;
  mime: string;
  bytes: number;
}

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

async function bytesOf(data: Uint8Array | Blob): Promise<Uint8Array> {
  // ArrayBuffer.isView rather than instanceof: bytes may come from another realm (a worker, a frame).
  return ArrayBuffer.isView(data) ? data : blobBytes(data);
}

/**
 * Stores a file of the person's own (a WAV to transcribe, a photo to classify) and returns the ref to
 * put in a scenario input. Kept until the browser's data is cleared: no run owns it.
 */
export async function putInputFile(db: ProviderBenchDb, data: Uint8Array | Blob, name: string, mime: string): Promise<StoredInputFile> {
  const bytes = await bytesOf(data);
  const id = await sha256Hex(bytes);
  await db.transaction("rw", db.blobs, async () => {
    const existing = await db.blobs.get(id);
    if (existing) {
      if (existing.name === undefined) await db.blobs.update(id, { name });
      return;
    }
    await db.blobs.put({ id, runId: "", runIds: [], name, mimeType: mime, data: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mime }) });
  });
  return { file: `${STORED_FILE_PREFIX}${id}`, name, mime, bytes: bytes.length };
}

/** Stores bytes a run sent or received, held by that run (and any other run that holds them too). */
export async function putRunBlob(db: ProviderBenchDb, runId: string, data: Uint8Array | Blob, mime: string): Promise<StoredOutputRef> {
  const bytes = await bytesOf(data);
  const id = await sha256Hex(bytes);
  await db.transaction("rw", db.blobs, async () => {
    const existing = await db.blobs.get(id);
    if (!existing) {
      await db.blobs.put({ id, runId, runIds: [runId], mimeType: mime, data: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mime }) });
    } else if (!(existing.runIds ?? []).includes(runId)) {
      await db.blobs.update(id, { runIds: [...(existing.runIds ?? []), runId] });
    }
  });
  return { blob: id, mime, bytes: bytes.length };
}

/** The bytes of a stored blob, or null when this browser does not hold them. */
export async function getStoredBlob(db: ProviderBenchDb, sha256: string): Promise<Blob | null> {
  return (await db.blobs.get(sha256))?.data ?? null;
}

/**
 * A run is being deleted: it lets go of its blobs, and those no other run holds (and that are not an
 * input file put by hand) go. Call inside a transaction over `db.blobs`.
 */
export async function releaseRunBlobs(db: ProviderBenchDb, runId: string): Promise<void> {
  const held: StoredBlob[] = await db.blobs.where("runIds").equals(runId).toArray();
  for (const blob of held) {
    const others = (blob.runIds ?? []).filter((id) => id !== runId);
    if (others.length === 0 && blob.name === undefined) await db.blobs.delete(blob.id);
    else await db.blobs.update(blob.id, { runIds: others, runId: others[0] ?? blob.runId });
  }
  // Rows written before version 3 without runIds, should any have escaped the upgrade.
  await db.blobs.where("runId").equals(runId).filter((blob) => blob.runIds === undefined).delete();
}

/** Reads a file input's bytes: stored ones by `sha256:`, anything else through `fallback` (bundled assets). */
export type InputFileReader = (path: string) => Promise<Blob>;

export function storedInputFileReader(db: ProviderBenchDb, fallback: InputFileReader): InputFileReader {
  return async (path) => {
    if (!path.startsWith(STORED_FILE_PREFIX)) return fallback(path);
    const id = path.slice(STORED_FILE_PREFIX.length);
    const blob = SHA256_HEX.test(id) ? await getStoredBlob(db, id) : null;
    if (!blob) throw new Error(`file not found: ${path} is not in this browser's storage (load the file again)`);
    return blob;
  };
}

/**
 * The inputs with every `{ "file": … }` replaced by `{ "file": "sha256:<hex>" }` of bytes this run now
 * holds: what the run's stored snapshot keeps, so a replay reads the same bytes whatever the assets
 * or the person's files have become since. A file that cannot be read throws, naming its input.
 */
export async function pinInputFiles(db: ProviderBenchDb, runId: string, inputs: unknown, read: InputFileReader, path = "inputs"): Promise<unknown> {
  if (Array.isArray(inputs)) {
    const pinned: unknown[] = [];
    for (const [index, item] of inputs.entries()) pinned.push(await pinInputFiles(db, runId, item, read, `${path}[${index}]`));
    return pinned;
  }
  if (typeof inputs !== "object" || inputs === null) return inputs;
  const entries = Object.entries(inputs);
  const only = entries.length === 1 ? entries[0] : undefined;
  if (only?.[0] === "file" && typeof only[1] === "string") {
    let blob: Blob;
    try {
      blob = await read(only[1]);
    } catch (error) {
      throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    const stored = await putRunBlob(db, runId, blob, blob.type || "application/octet-stream");
    return { file: `${STORED_FILE_PREFIX}${stored.blob}` };
  }
  const pinned: Record<string, unknown> = {};
  for (const [key, value] of entries) pinned[key] = await pinInputFiles(db, runId, value, read, `${path}.${key}`);
  return pinned;
}
