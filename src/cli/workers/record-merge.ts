// Records of several workers merged into one stream in time order. Each worker sends its records in the
// order it emitted them, each with its time on the clock all threads share, and a watermark: no record it
// sends later is earlier than that. A record is handed on once every worker's watermark has passed its
// time, so the merged stream is in time order whatever the order the batches arrive in.
export class RecordMerge<T> {
  private readonly queues: { items: T[]; times: number[]; head: number; watermark: number }[];

  constructor(sources: number) {
    this.queues = Array.from({ length: sources }, () => ({ items: [], times: [], head: 0, watermark: -Infinity }));
  }

  /** One batch of a source, in its own order; `watermark`: Infinity when the source is done. */
  add(source: number, items: readonly T[], times: readonly number[], watermark: number): void {
    const queue = this.queues[source]!;
    for (let index = 0; index < items.length; index++) {
      queue.items.push(items[index]!);
      queue.times.push(times[index]!);
    }
    queue.watermark = Math.max(queue.watermark, watermark);
  }

  /** Hands on, oldest first, every item no source can still precede. */
  release(deliver: (item: T) => void): void {
    let low = Infinity;
    for (const queue of this.queues) low = Math.min(low, queue.watermark);
    for (;;) {
      let next: (typeof this.queues)[number] | null = null;
      for (const queue of this.queues) {
        if (queue.head < queue.items.length && queue.times[queue.head]! <= low && (next === null || queue.times[queue.head]! < next.times[next.head]!)) next = queue;
      }
      if (next === null) return;
      deliver(next.items[next.head]!);
      next.head++;
      if (next.head === next.items.length) {
        next.items = [];
        next.times = [];
        next.head = 0;
      }
    }
  }

  /** Items held, waiting for a slower source's watermark. */
  get held(): number {
    return this.queues.reduce((sum, queue) => sum + queue.items.length - queue.head, 0);
  }
}
