// A response body as the fetch shape's reader sees it (getReader → read/releaseLock/cancel), fed by the
// transport's handler chunk by chunk. Not a WHATWG ReadableStream: that layer costs a promise chain and
// a queue per chunk for nothing the measurement needs. Bounded: past HIGH_WATER_BYTES unread, the
// transport pauses the socket until the reader catches up (backpressure, so memory stays flat). Each
// chunk keeps the moment it came off the socket; the one handed to the reader is noted in the request's
// WireEvents (chunkArrivedAt), so the timing fetch times chunks at the wire, not when it got round to them.

import { concatChunks } from "../../core/endpoints";
import type { WireEvents } from "../../core/measure";

/** Unread bytes held before the socket is paused. */
const HIGH_WATER_BYTES = 256 * 1024;

export interface WireBodyReader {
  read(): Promise<ReadableStreamReadResult<Uint8Array>>;
  releaseLock(): void;
  cancel(reason?: unknown): Promise<void>;
  readonly closed: Promise<undefined>;
}

interface PendingRead {
  resolve(result: ReadableStreamReadResult<Uint8Array>): void;
  reject(error: unknown): void;
}

const DONE: ReadableStreamReadResult<Uint8Array> = Object.freeze({ done: true, value: undefined });

export class WireBody {
  locked = false;
  private readonly chunks: Uint8Array[] = [];
  /** When each queued chunk came off the socket (the transport's clock), beside `chunks`. */
  private readonly arrivals: number[] = [];
  private head = 0;
  private queuedBytes = 0;
  private pending: PendingRead | null = null;
  private ended = false;
  private cancelled = false;
  private failure: unknown = null;
  private paused = false;
  /** In the list deliverWaitingReads goes through next. */
  awaitingDelivery = false;

  /**
   * @param onCancel the reader gave up on the body: the transport aborts the request (the socket is not reused)
   * @param resume the reader caught up after a pause: the transport resumes the socket
   */
  constructor(
    private readonly onCancel: (reason: unknown) => void,
    private resume: (() => void) | null = null,
    private readonly stamp: { now: () => number; events: WireEvents } | null = null,
  ) {}

  setResume(resume: () => void): void {
    this.resume = resume;
  }

  /** A chunk arrived. False asks the transport to pause the socket until the reader drains the queue. */
  push(chunk: Uint8Array): boolean {
    if (this.cancelled || this.ended) return true;
    // Stamped now, handed to a waiting reader later (deliverWaitingReads): see the note there.
    this.chunks.push(chunk);
    this.arrivals.push(this.stamp === null ? 0 : this.stamp.now());
    this.queuedBytes += chunk.byteLength;
    if (this.pending !== null) awaitDelivery(this);
    if (this.queuedBytes < HIGH_WATER_BYTES) return true;
    this.paused = true;
    return false;
  }

  /** Hands the oldest queued chunk to a read that was waiting for one. */
  deliver(): void {
    this.awaitingDelivery = false;
    const pending = this.pending;
    if (pending === null || this.head === this.chunks.length) return;
    this.pending = null;
    pending.resolve(this.takeChunk());
  }

  end(): void {
    if (this.ended || this.cancelled) return;
    this.ended = true;
    if (this.pending !== null && this.head === this.chunks.length) {
      const pending = this.pending;
      this.pending = null;
      pending.resolve(DONE);
    }
  }

  fail(error: unknown): void {
    if (this.ended || this.cancelled || this.failure !== null) return;
    this.failure = error;
    // Chunks that came before the failure are read first (read() returns them before the failure).
    if (this.pending !== null && this.head === this.chunks.length) {
      const pending = this.pending;
      this.pending = null;
      pending.reject(error);
    }
  }

  get finished(): boolean {
    return this.ended || this.cancelled || this.failure !== null;
  }

  getReader(): WireBodyReader {
    if (this.locked) throw new TypeError("the body is locked to a reader");
    this.locked = true;
    const closed = NEVER_SETTLED;
    return {
      read: () => this.read(),
      releaseLock: () => {
        this.locked = false;
      },
      cancel: (reason?: unknown) => this.cancel(reason),
      closed,
    };
  }

  cancel(reason?: unknown): Promise<void> {
    if (this.cancelled) return Promise.resolve();
    const wasFinished = this.ended || this.failure !== null;
    this.cancelled = true;
    this.chunks.length = 0;
    this.arrivals.length = 0;
    this.head = 0;
    this.queuedBytes = 0;
    if (this.pending !== null) {
      const pending = this.pending;
      this.pending = null;
      pending.resolve(DONE);
    }
    if (!wasFinished) this.onCancel(reason);
    return Promise.resolve();
  }

  private read(): Promise<ReadableStreamReadResult<Uint8Array>> {
    if (this.head < this.chunks.length) return Promise.resolve(this.takeChunk());
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the failure is the transport's Error, passed on as fetch does
    if (this.failure !== null) return Promise.reject(this.failure);
    if (this.ended || this.cancelled) return Promise.resolve(DONE);
    if (this.pending !== null) return Promise.reject(new TypeError("a read is already pending"));
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
    });
  }

  /** The oldest queued chunk, its arrival noted for the timing fetch; resumes a paused socket once drained enough. */
  private takeChunk(): ReadableStreamReadResult<Uint8Array> {
    const value = this.chunks[this.head]!;
    if (this.stamp !== null) this.stamp.events.chunkArrivedAt = this.arrivals[this.head]!;
    this.chunks[this.head++] = EMPTY;
    if (this.head === this.chunks.length) {
      this.chunks.length = 0;
      this.arrivals.length = 0;
      this.head = 0;
    }
    this.queuedBytes -= value.byteLength;
    if (this.paused && this.queuedBytes < HIGH_WATER_BYTES / 2) {
      this.paused = false;
      this.resume?.();
    }
    return { done: false, value };
  }

  /** The whole body, for json()/text()/arrayBuffer(): read through the same reader, so the same bounds hold. */
  async bytes(): Promise<Uint8Array> {
    const reader = this.getReader();
    const parts: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      total += value.byteLength;
    }
    reader.releaseLock();
    return parts.length === 1 ? parts[0]! : concatChunks(parts, total);
  }
}

/**
 * Bodies with a read waiting and a chunk queued for it. A chunk handed to its reader at once would be
 * parsed, measured and recorded (the reader's promise chain runs as microtasks right after this socket's
 * callback) before the next socket's data is even looked at, so in a burst of 32 streams the last one's
 * arrival would be stamped after 31 parses: the client's own work would show as the provider's latency.
 * Instead every socket ready in this turn of the event loop is stamped first, and the reads are served
 * after them, in the same turn (setImmediate runs right after the poll phase).
 */
const waitingReads: WireBody[] = [];

function awaitDelivery(body: WireBody): void {
  if (body.awaitingDelivery) return;
  body.awaitingDelivery = true;
  waitingReads.push(body);
  if (waitingReads.length === 1) setImmediate(deliverWaitingReads);
}

function deliverWaitingReads(): void {
  for (const body of waitingReads.splice(0)) body.deliver();
}

const EMPTY = new Uint8Array(0);
/** A reader's `closed`, which nothing here awaits: one promise that never settles, shared, not one per reader. */
const NEVER_SETTLED = new Promise<undefined>(() => undefined);
