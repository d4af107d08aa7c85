// Where a blob reference's bytes come from: the app database's blobs table by default; tests hand in their own.
import { createContext, useContext, useMemo } from "react";
import { useAppDb } from "../../../lib/app-db";

/** The bytes of a blob by its sha256, or null when this browser does not hold them. */
export type BlobLoader = (sha256: string) => Promise<Blob | null>;

/** A loader of one's own; none (null) reads the app database's blobs table. */
export const BlobLoaderContext = createContext<BlobLoader | null>(null);

export function useBlobLoader(): BlobLoader {
  const given = useContext(BlobLoaderContext);
  const db = useAppDb();
  return useMemo(() => given ?? (async (sha256) => (await db.blobs.get(sha256))?.data ?? null), [given, db]);
}
