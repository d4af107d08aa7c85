// What a record keeps of a task's output besides its one-line text: the parsed JSON value as the library
// returned it, or, for a binary output (an image, audio), a reference to its bytes by content hash.

/** A binary output, named by the SHA-256 of its bytes: the bytes themselves are stored apart (blobs table, --outputs-dir). */
export interface BlobRef {
  /** SHA-256 of the bytes, lowercase hex (64 characters). */
  blob: string;
  /** The media type the server declared (image/png, audio/flac, …); application/octet-stream when it declared none. */
  mime: string;
  bytes: number;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

export function isBlobRef(value: unknown): value is BlobRef {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const { blob, mime, bytes } = value as Record<string, unknown>;
  return (
    typeof blob === "string" &&
    SHA256_HEX.test(blob) &&
    typeof mime === "string" &&
    typeof bytes === "number" &&
    Number.isSafeInteger(bytes) &&
    bytes >= 0 &&
    Object.keys(value).length === 3
  );
}

/**
 * Where a binary output's bytes go once its reference is made: the browser's blobs table, the command
 * line's --outputs-dir. The runner's default keeps none (the record still says which bytes came back).
 */
export type OutputBlobSink = (ref: BlobRef, blob: Blob) => Promise<void>;

/** The reference of a blob: its SHA-256 (Web Crypto, in browsers and Node alike), its type and size. */
export async function blobRefOf(blob: Blob): Promise<BlobRef> {
  const digest = await crypto.subtle.digest("SHA-256", await blob.arrayBuffer());
  const blobHash = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return { blob: blobHash, mime: blob.type || "application/octet-stream", bytes: blob.size };
}
