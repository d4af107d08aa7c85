// When each output chunk of one stream arrived, reduced to the record's token-timing fields: TTFT, time
// to the first answer token, time to the second token, the last token, the gaps between chunks, and when
// a tool call began and when its last piece came (the call complete).
import { chunkGapFields, type ChunkGapFields } from "../stats";
import type { OutputChunkKind } from "../tasks";

export interface StreamTimingFields extends ChunkGapFields {
  ttftMs: number | null;
  timeToFirstAnswerTokenMs: number | null;
  timeToSecondTokenMs: number | null;
  lastTokenMs: number | null;
  outputChunkCount: number;
  /** The first and the last chunk carrying a piece of a tool call (null without one). */
  timeToFirstToolCallMs: number | null;
  timeToToolCallMs: number | null;
}

export class StreamTimeline {
  private firstAt: number | null = null;
  private firstAnswerAt: number | null = null;
  private secondAt: number | null = null;
  private lastAt: number | null = null;
  private firstToolCallAt: number | null = null;
  private lastToolCallAt: number | null = null;
  private readonly gapsMs: number[] = [];
  private chunks = 0;

  /** One event that carried output, timed by the arrival of the network read it came in. */
  note(kind: OutputChunkKind, arrivedAt: number): void {
    this.chunks++;
    if (this.firstAt === null) this.firstAt = arrivedAt;
    else this.secondAt ??= arrivedAt;
    if (kind === "answer") this.firstAnswerAt ??= arrivedAt;
    else if (kind === "toolCall") {
      this.firstToolCallAt ??= arrivedAt;
      this.lastToolCallAt = arrivedAt;
    }
    if (this.lastAt !== null) this.gapsMs.push(arrivedAt - this.lastAt);
    this.lastAt = arrivedAt;
  }

  fields(t0: number, roundMs: (ms: number) => number): StreamTimingFields {
    const since = (at: number | null): number | null => (at === null ? null : roundMs(at - t0));
    return {
      ttftMs: since(this.firstAt),
      timeToFirstAnswerTokenMs: since(this.firstAnswerAt),
      timeToSecondTokenMs: this.firstAt === null || this.secondAt === null ? null : roundMs(this.secondAt - this.firstAt),
      lastTokenMs: since(this.lastAt),
      outputChunkCount: this.chunks,
      timeToFirstToolCallMs: since(this.firstToolCallAt),
      timeToToolCallMs: since(this.lastToolCallAt),
      ...chunkGapFields(Float64Array.from(this.gapsMs), roundMs),
    };
  }
}
