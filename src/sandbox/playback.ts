// Puts a planned answer on the wire at its planned times, and stops every timer when the client goes.

import { once } from "node:events";
import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";

export type BodyPiece = string | Uint8Array;

/** An answer as a timeline: headers, body pieces and the ending, each at ms after the request arrived. */
export interface ScheduledAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  headersAtMs: number;
  /** Sorted by time; pieces due together are written in one `write` call. */
  pieces: { atMs: number; data: BodyPiece }[];
  endAtMs: number;
  /** `reset` destroys the connection with a TCP RST instead of finishing the body. */
  ending: "end" | "reset";
}

/** A repeated chunk of a very large body, so 50 MB never has to sit in memory at once. */
export interface RepeatedPart {
  data: Buffer;
  times: number;
}

// setTimeout works in whole milliseconds and may wake a fraction early; anything due within this
// margin is written now rather than re-armed for a sub-millisecond wait.
const TIMER_SLACK_MS = 1;

// A reset never comes sooner than this after the last write (the headers or a body piece), measured from
// when it was really written: a sandbox whose timers ran late must not write and reset back to back. A
// client that has not read the headers when the reset lands loses them (the kernel drops unread data) and
// sees fetch() itself fail, a different fault from a body cut short.
const RESET_GRACE_MS = 100;

/**
 * Owns the timers of one request. When the response closes, for any reason (finished, client gone,
 * server closing), every pending timer is cleared and `signal` aborts.
 */
export class RequestLifetime {
  readonly startedAtMs: number;
  private readonly controller = new AbortController();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(response: ServerResponse, startedAtMs = performance.now()) {
    this.startedAtMs = startedAtMs;
    response.once("close", () => this.finish());
  }

  get closed(): boolean {
    return this.controller.signal.aborted;
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  elapsedMs(): number {
    return performance.now() - this.startedAtMs;
  }

  /** Runs `task` at `atMs` after the request arrived (at once if that time has passed). */
  at(atMs: number, task: () => void): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.closed) task();
    }, Math.max(0, atMs - this.elapsedMs()));
    this.timers.add(timer);
  }

  private finish(): void {
    this.controller.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

function joinPieces(pieces: BodyPiece[]): BodyPiece {
  if (pieces.length === 1) return pieces[0] as BodyPiece;
  if (pieces.every((piece) => typeof piece === "string")) return pieces.join("");
  return Buffer.concat(pieces.map((piece) => (typeof piece === "string" ? Buffer.from(piece) : piece)));
}

function resetConnection(response: ServerResponse): void {
  const socket = response.socket;
  if (socket && typeof socket.resetAndDestroy === "function") socket.resetAndDestroy();
  else response.destroy();
}

/** Plays `answer` with one timer at a time, re-armed for the next due item. */
export function playAnswer(response: ServerResponse, answer: ScheduledAnswer, lifetime: RequestLifetime): void {
  let headersSent = false;
  let nextPiece = 0;
  let lastWriteAtMs = 0;

  const step = (): void => {
    const nowMs = lifetime.elapsedMs() + TIMER_SLACK_MS;
    let justSentHeaders = false;
    if (!headersSent && answer.headersAtMs <= nowMs) {
      response.writeHead(answer.status, answer.headers);
      headersSent = true;
      justSentHeaders = true;
    }
    const due: BodyPiece[] = [];
    while (headersSent && nextPiece < answer.pieces.length) {
      const piece = answer.pieces[nextPiece];
      if (!piece || piece.atMs > nowMs) break;
      due.push(piece.data);
      nextPiece++;
    }
    const ending = headersSent && nextPiece === answer.pieces.length && answer.endAtMs <= nowMs;
    if (ending && answer.ending === "end") {
      // Last data and end of body in one call: the final chunk and the terminator leave together.
      if (due.length > 0) response.end(joinPieces(due));
      else response.end();
      return;
    }
    if (due.length > 0) response.write(joinPieces(due));
    else if (justSentHeaders) response.flushHeaders();
    if (due.length > 0 || justSentHeaders) lastWriteAtMs = lifetime.elapsedMs();
    const endingAtMs = answer.ending === "reset" ? Math.max(answer.endAtMs, lastWriteAtMs + RESET_GRACE_MS) : answer.endAtMs;
    if (ending && endingAtMs <= nowMs) {
      resetConnection(response);
      return;
    }
    const nextAtMs = !headersSent
      ? answer.headersAtMs
      : (answer.pieces[nextPiece]?.atMs ?? endingAtMs);
    lifetime.at(nextAtMs, step);
  };

  step();
}

export function repeatedPartsLength(parts: readonly RepeatedPart[]): number {
  return parts.reduce((sum, part) => sum + part.data.length * part.times, 0);
}

/** Writes a very large body as fast as the client reads it (waits on `drain`), and ends it. */
export async function writeRepeatedParts(
  response: ServerResponse,
  parts: readonly RepeatedPart[],
  lifetime: RequestLifetime,
): Promise<void> {
  try {
    for (const part of parts) {
      for (let index = 0; index < part.times; index++) {
        if (lifetime.closed) return;
        if (!response.write(part.data)) await once(response, "drain", { signal: lifetime.signal });
      }
    }
    if (!lifetime.closed) response.end();
  } catch {
    // `once` rejects when the client went away mid-body: nothing left to finish.
  }
}
