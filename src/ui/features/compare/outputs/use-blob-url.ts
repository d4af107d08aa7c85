// An object URL for a blob reference's bytes, revoked when the view lets go of it.
import { useEffect, useState } from "react";
import type { BlobRef } from "../../../../core/tasks";
import { useBlobLoader } from "./blob-source";

export type BlobUrlState = { state: "loading" } | { state: "missing" } | { state: "error"; message: string } | { state: "ready"; url: string };

export function useBlobUrl(reference: BlobRef | null): BlobUrlState {
  const load = useBlobLoader();
  const [state, setState] = useState<BlobUrlState>({ state: "loading" });
  const sha256 = reference?.blob ?? null;
  const mime = reference?.mime ?? "application/octet-stream";
  useEffect(() => {
    if (sha256 === null) {
      setState({ state: "missing" });
      return;
    }
    let url: string | null = null;
    let cancelled = false;
    setState({ state: "loading" });
    load(sha256).then(
      (blob) => {
        if (cancelled) return;
        if (blob === null) {
          setState({ state: "missing" });
          return;
        }
        // Typed with the record's media type when it has one, so the bytes are read as what the record says.
        const typed = mime === "application/octet-stream" || blob.type === mime ? blob : new Blob([blob], { type: mime });
        url = URL.createObjectURL(typed);
        setState({ state: "ready", url });
      },
      (error: unknown) => {
        if (!cancelled) setState({ state: "error", message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      cancelled = true;
      if (url !== null) URL.revokeObjectURL(url);
    };
  }, [load, sha256, mime]);
  return state;
}

/** What to say instead of the media when its bytes are not there. */
export function blobUnavailableText(state: BlobUrlState): string | null {
  if (state.state === "loading") return "Loading…";
  if (state.state === "missing") return "The bytes are not stored in this browser.";
  if (state.state === "error") return `The bytes could not be read: ${state.message}`;
  return null;
}
