// The live progress line: redrawn in place on a terminal, printed every few seconds otherwise.
import type { RunProgress } from "../core/run";

const BAR_WIDTH = 24;

/**
 * An estimated total (a stage bound by a duration) is marked ≈, and once the requests done reach it while
 * the run goes on the line gives no ETA: it must not read as done ("93/93 · ETA 0 s") before it is.
 */
export function formatProgress(progress: RunProgress): string {
  const fraction = progress.planned === 0 ? 1 : Math.min(1, progress.done / progress.planned);
  const filled = Math.round(fraction * BAR_WIDTH);
  const bar = "█".repeat(filled) + "░".repeat(BAR_WIDTH - filled);
  const elapsedSeconds = progress.elapsedMs / 1000;
  const estimate = progress.plannedIsEstimate ? "≈" : "";
  const etaSeconds = progress.done > 0 && progress.done < progress.planned ? (elapsedSeconds / progress.done) * (progress.planned - progress.done) : null;
  const parts = [
    `${bar} ${progress.done}/${estimate}${progress.planned}`,
    `${progress.outcomes.failedRequests} failed`,
    `${progress.inFlight} in flight`,
    progress.outcomes.retries > 0 ? `${progress.outcomes.retries} retries (${progress.outcomes.recoveredRequests} recovered)` : null,
    progress.outcomes.abortedRequests > 0 ? `${progress.outcomes.abortedRequests} aborted` : null,
    progress.outcomes.droppedRequests > 0 ? `${progress.outcomes.droppedRequests} dropped` : null,
    `${elapsedSeconds.toFixed(1)} s`,
    etaSeconds === null ? null : `ETA ${estimate}${etaSeconds.toFixed(0)} s`,
  ];
  return parts.filter((part) => part !== null).join(" · ");
}

export interface ProgressReporter {
  update(progress: RunProgress): void;
  finish(progress: RunProgress): void;
}

/** `stream.isTTY`: a terminal's stream, where the line is redrawn in place; any other stream gets a line every few seconds. */
export function createProgressReporter(stream: NodeJS.WritableStream & { isTTY?: boolean }, quiet: boolean): ProgressReporter {
  if (quiet) return { update: () => {}, finish: () => {} };
  const interactive = stream.isTTY === true;
  // Redrawing on every record would cost more than the requests at high rates: throttle.
  const intervalMs = interactive ? 100 : 5000;
  let lastDrawnAt = Number.NEGATIVE_INFINITY;
  const draw = (progress: RunProgress): void => {
    if (interactive) stream.write(`\r\x1b[2K${formatProgress(progress)}`);
    else stream.write(`${formatProgress(progress)}\n`);
  };
  return {
    update(progress) {
      const now = performance.now();
      if (now - lastDrawnAt < intervalMs) return;
      lastDrawnAt = now;
      draw(progress);
    },
    finish(progress) {
      draw(progress);
      if (interactive) stream.write("\n");
    },
  };
}
