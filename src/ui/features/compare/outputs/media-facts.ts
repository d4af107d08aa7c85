// Sizes and durations as the media views write them.

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/** Seconds to one decimal ("2.4 s"); an unknown or endless duration is not given. */
export function formatSeconds(seconds: number | null): string | null {
  return seconds === null || !Number.isFinite(seconds) ? null : `${seconds.toFixed(1)} s`;
}
