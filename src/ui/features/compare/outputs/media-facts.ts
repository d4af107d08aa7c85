// Durations as the media views write them (sizes: core/text's formatBytes).

/** Seconds to one decimal ("2.4 s"); an unknown or endless duration is not given. */
export function formatSeconds(seconds: number | null): string | null {
  return seconds === null || !Number.isFinite(seconds) ? null : `${seconds.toFixed(1)} s`;
}
