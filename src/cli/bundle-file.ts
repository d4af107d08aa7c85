// `run --bundle`: the run written as a bundle while it runs (core/io/bundle shows the layout), gzip by
// node:zlib, so a run of a million records keeps memory flat. The head is written with the first record
// (the plan's size is known by then); the tail when the run ends. A file that falls behind slows the run
// down, as the records files do; one that fails is reported, and the rest of the run is not written.
import { hostname } from "node:os";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { bytesToBase64, inlineBlobBudget, type BundleBlob, type BundleRun, type BundleTail, type RunOrigin, createBundleWriter } from "../core/io/bundle";
import type { RequestRecord } from "../core/record";
import type { BlobRef } from "../core/tasks";
import type { OutputFailure } from "./record-files";

/** This machine as a bundle's origin: its host name, Node's version and platform, and the label given. */
export function commandLineOrigin(label: string | undefined, appVersion: string): RunOrigin {
  return {
    label: label?.trim() || null,
    tool: "providerbench-cli",
    toolVersion: appVersion,
    host: hostname() || null,
    userAgent: `Node ${process.version} (${process.platform} ${process.arch})`,
  };
}

const BATCH_CHARS = 64 * 1024;

/**
 * The run's binary outputs (images, speech) as the bundle's tail lists them, as the browser's export does:
 * each distinct one once, its bytes inline while small (core/io/bundle/format.ts's budget), else its metadata.
 */
export function createBundleBlobs(): { add(ref: BlobRef, blob: Blob): Promise<void>; list(): BundleBlob[] } {
  const blobs = new Map<string, BundleBlob>();
  const inline = inlineBlobBudget();
  return {
    async add(ref, blob) {
      if (blobs.has(ref.blob)) return;
      const entry: BundleBlob = { id: ref.blob, mimeType: ref.mime, sizeBytes: ref.bytes, base64: null };
      blobs.set(ref.blob, entry);
      if (inline(ref.bytes)) entry.base64 = bytesToBase64(new Uint8Array(await blob.arrayBuffer()));
    },
    list: () => [...blobs.values()],
  };
}

export interface BundleFile {
  /** Resolves at once, or when the file has taken its backlog. Never rejects. */
  write(record: RequestRecord): Promise<void> | undefined;
  /** Writes the tail and waits for the file to be whole on disk. */
  finish(tail: Omit<BundleTail, "recordCount">): Promise<void>;
}

export function createBundleFile(output: { path: string; stream: Writable }, head: () => BundleRun, onFailure: (failure: OutputFailure) => void): BundleFile {
  const gzip = createGzip();
  const writer = createBundleWriter();
  let failed = false;
  let headWritten = false;
  const fail = (error: Error): void => {
    if (failed) return;
    failed = true;
    onFailure({ flag: "--bundle", path: output.path, message: error.message });
  };
  gzip.on("error", fail);
  output.stream.on("error", fail);
  gzip.pipe(output.stream);
  const writeHead = (): void => {
    if (headWritten) return;
    headWritten = true;
    gzip.write(writer.head(head()));
  };
  // Records are handed to gzip a batch at a time: a call per record costs more than the compression.
  let pending = "";
  let drain: Promise<void> | null = null;
  return {
    write(record) {
      if (failed) return undefined;
      writeHead();
      pending += writer.record(record);
      if (pending.length < BATCH_CHARS) return undefined;
      const batch = pending;
      pending = "";
      if (gzip.write(batch)) return undefined;
      drain ??= new Promise<void>((resolve) => {
        const done = (): void => {
          gzip.off("drain", done);
          gzip.off("error", done);
          drain = null;
          resolve();
        };
        gzip.on("drain", done);
        gzip.on("error", done);
      });
      return drain;
    },
    async finish(tail) {
      if (failed) return;
      writeHead();
      gzip.end(pending + writer.tail(tail));
      pending = "";
      await finished(output.stream).catch(fail);
    },
  };
}
