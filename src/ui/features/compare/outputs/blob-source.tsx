// Where a blob reference's bytes come from: the browser's blobs table by default; tests hand in their own.
import { createContext, useContext } from "react";
import { getAppDb } from "../../../../store/db";

/** The bytes of a blob by its sha256, or null when this browser does not hold them. */
export type BlobLoader = (sha256: string) => Promise<Blob | null>;

async function loadFromDatabase(sha256: string): Promise<Blob | null> {
  const stored = await getAppDb().blobs.get(sha256);
  return stored?.data ?? null;
}

export const BlobLoaderContext = createContext<BlobLoader>(loadFromDatabase);

export function useBlobLoader(): BlobLoader {
  return useContext(BlobLoaderContext);
}
