// A page about to be hidden or closed may never run another timer: buffered records are written then.
export interface PageEvents {
  window: Pick<Window, "addEventListener" | "removeEventListener">;
  document: Pick<Document, "addEventListener" | "removeEventListener" | "visibilityState">;
}

/** Calls `flush` on pagehide and when the page becomes hidden; returns what stops listening. */
export function flushWhenPageHides(pageEvents: PageEvents | undefined, flush: () => void): () => void {
  if (pageEvents === undefined) return () => undefined;
  const { window, document } = pageEvents;
  const onVisibilityChange = (): void => {
    if (document.visibilityState === "hidden") flush();
  };
  window.addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", onVisibilityChange);
  return () => {
    window.removeEventListener("pagehide", flush);
    document.removeEventListener("visibilitychange", onVisibilityChange);
  };
}
