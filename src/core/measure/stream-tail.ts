// What is left of an event stream once the answer is read or the attempt failed: a short drain after
// [DONE] so the connection can be reused, or a cancel of a failed attempt's body.
import { cancelQuietly } from "./quiet-cancel";
import type { TimedEventStream } from "./stream-reads";
import type { WireTiming } from "./wire-timing";

/** How long the tail of a stream after [DONE] may take before the body is cancelled. */
export const DRAIN_GRACE_MS = 250;
/** Bytes after [DONE] read at most before cancelling: the tail carries nothing measured. */
const DRAIN_MAX_BYTES = 64 * 1024;

/** TimingFetch.drain: the tail after [DONE] read untimed for DRAIN_GRACE_MS and DRAIN_MAX_BYTES at most, then cancelled. */
export function drainStreamTail(stream: TimedEventStream | null, timing: WireTiming): void {
  if (!stream || timing.bodyEnded || stream.body.locked) return;
  // The raw reader, not the timed one: bytes after [DONE] are not part of the answer and move no timestamp.
  const reader = stream.rawGetReader();
  const timer = setTimeout(() => cancelQuietly(reader), DRAIN_GRACE_MS);
  void (async () => {
    let bytes = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        if (bytes > DRAIN_MAX_BYTES) {
          await reader.cancel();
          break;
        }
      }
    } catch {
      // The body's tail after [DONE] carries nothing measured; a failure here changes no record.
    } finally {
      clearTimeout(timer);
    }
  })();
}

/** TimingFetch.discard: a stream's body not read to its end is cancelled, unless its reader still holds it. */
export function discardStreamRest(stream: TimedEventStream | null, timing: WireTiming): void {
  if (!stream || timing.bodyEnded) return;
  if (stream.body.locked) return;
  cancelQuietly(stream.body);
}
