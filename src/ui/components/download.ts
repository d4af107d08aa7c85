// Saving exports from the browser: file names that sort and survive every file system, and the download itself.

/** "Sandbox: streaming chat!" → "sandbox-streaming-chat". */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug === "" ? "run" : slug.slice(0, 80);
}

/** Local wall-clock time as 2026-11-23T01-05-00: the time the user saw, with no ':' (not allowed on Windows). */
export function fileTimestamp(epochMs: number): string {
  const date = new Date(epochMs);
  const pad = (value: number) => String(value).padStart(2, "0");
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}-${pad(date.getMinutes())}-${pad(date.getSeconds())}`
  );
}

export type ExportKind = "records" | "summary";

/**
 * `<scenario>_<run time>_<kind>.csv`. The run time comes from the first request when there is one;
 * otherwise the run's label stands in for it.
 */
export function exportFileName(scenarioName: string, runStartedAtMs: number | null, runLabel: string, kind: ExportKind): string {
  const when = runStartedAtMs !== null ? fileTimestamp(runStartedAtMs) : slugify(runLabel);
  return `${slugify(scenarioName)}_${when}_${kind}.csv`;
}

/** Hands CSV text (which carries its own byte-order mark, see core/io/csv) to the browser as a file download. */
export function downloadCsv(fileName: string, csvText: string): void {
  downloadBlob(fileName, new Blob([csvText], { type: "text/csv;charset=utf-8" }));
}

/** Hands a file's contents to the browser as a download. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking in the same task can cancel the download in some browsers; one tick later it has started.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
