// An event stream's body timed chunk by chunk as whoever reads it (the library) reads it: each chunk's
// arrival, the bytes within the limit, and the events that decide the record ([DONE], an error event).
import type { Clock } from "./clock";
import { providerMessage } from "./error-text";
import { EventStreamScanner } from "./event-stream-scanner";
import { cancelQuietly } from "./quiet-cancel";
import { EventLineTooLongError, MAX_EVENT_LINE_BYTES, ResponseTooLargeError, StreamErrorEventError } from "./response-rejections";
import type { WireTiming } from "./wire-timing";

/** An event stream's body whose reads are timed, with its own reader for what comes after [DONE]. */
export interface TimedEventStream {
  readonly body: ReadableStream<Uint8Array>;
  /** The body's own getReader: its reads are not timed. */
  readonly rawGetReader: () => ReadableStreamDefaultReader<Uint8Array>;
}

/**
 * Event streams are timed chunk by chunk by timing the reads of whoever reads the body (the library).
 * Each chunk is timed when the library asks for it and gets it, so `lastChunkAt` at the moment the
 * library yields an event is the arrival of the chunk that event came in: the moment it came off the
 * socket where the transport notes it (WireEvents.chunkArrivedAt), else the read. Instrumenting the reader
 * rather than piping the body through a second stream keeps the per-chunk cost to one promise; the
 * event scan is a byte loop that allocates nothing unless an error event is being read.
 */
export function timeStreamReads(body: ReadableStream<Uint8Array>, timing: WireTiming, clock: Clock, maxResponseBytes: number): TimedEventStream {
  // Only an event stream is scanned: a body read whole (a non-streaming answer) needs no scanner.
  const scanner = new EventStreamScanner();
  const getReader = body.getReader.bind(body) as () => ReadableStreamDefaultReader<Uint8Array>;
  Object.defineProperty(body, "getReader", {
    configurable: true,
    value: () => {
      const reader = getReader();
      const read = reader.read.bind(reader);
      // Made once per reader, not per read: a chunk costs its one promise and no function of its own.
      const onResult = (result: ReadableStreamReadResult<Uint8Array>): ReadableStreamReadResult<Uint8Array> => {
        if (result.done) {
          timing.bodyEnded = true;
          return result;
        }
        noteChunk(timing, result.value, clock);
        if (timing.bodyBytes > maxResponseBytes) {
          cancelQuietly(reader);
          throw new ResponseTooLargeError(maxResponseBytes);
        }
        if (!timing.sawDoneMarker) scanEvents(scanner, result.value, timing, reader);
        return result;
      };
      const onFailure = (error: unknown): never => {
        timing.bodyReadFailed = true;
        throw error;
      };
      reader.read = () => read().then(onResult, onFailure);
      return reader;
    },
  });
  return { body, rawGetReader: getReader };
}

/** One chunk's arrival and size. */
function noteChunk(timing: WireTiming, chunk: Uint8Array, clock: Clock): void {
  // When the chunk came off the socket, where the transport says; else when it was read.
  const arrivedAt = timing.wire.chunkArrivedAt ?? clock.now();
  timing.lastChunkAt = arrivedAt;
  timing.lastByteAt = arrivedAt;
  timing.bodyBytes += chunk.byteLength;
}

/** The chunk's events, until [DONE]: an error event or an endless line cancels the body and fails the read. */
function scanEvents(scanner: EventStreamScanner, chunk: Uint8Array, timing: WireTiming, reader: ReadableStreamDefaultReader<Uint8Array>): void {
  scanner.scan(chunk);
  timing.sawDoneMarker = scanner.sawDone;
  if (scanner.errorEvent) {
    cancelQuietly(reader);
    throw new StreamErrorEventError(providerMessage(scanner.errorData()));
  }
  if (scanner.lineBytes > MAX_EVENT_LINE_BYTES) {
    cancelQuietly(reader);
    throw new EventLineTooLongError();
  }
}
