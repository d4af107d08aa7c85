// When each output chunk of one stream arrived, reduced to the record's token-timing fields: TTFT, time
// to the first answer token, time to the second token, the last token, and the gaps between chunks.
import { chunkGapFields, type ChunkGapFields } from "../stats";
import type { OutputChunkKind } from "../tasks";

export interface StreamTimingFields extends ChunkGapFields {
  ttftMs: number | null;
  timeToFirstAnswerTokenMs: number | null;
  timeToSecondTokenMs: number | null;
  lastTokenMs: number | null;
  outputChunkCount: number;
}

export class StreamTimeline {
  private firstAt: number | null = null;
  private firstAnswerAt: number | null = null;
  private secondAt: number | null = null;
  private lastAt: number | null = null;
  private readonly gapsMs: number[] = [];
  private chunks = 0;

  /** One event that carried output, timed by the arrival of the network read it came in. */
  note(kind: OutputChunkKind, arrivedAt: number): void {
    this.chunks++;
    if (this.firstAt === null) this.firstAt = arrivedAt;
    else this.secondAt ??= arrivedAt;
    if (kind === "answer") this.firstAnswerAt ??= arrivedAt;
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
      ...chunkGapFields(Float64Array.from(this.gapsMs), roundMs),
    };
  }
}
