// The open loop's in-flight cap and its queue, per target: an arrival goes out at once while fewer than
// maxInFlight of its target's requests are in flight, waits in a FIFO queue of at most maxQueue when not,
// and is dropped (recorded, never sent) when the queue is full too. Per target, so a slow target's
// backlog never holds back another target's arrivals.

export type Admitted = { kind: "now" } | { kind: "queued"; turn: Promise<boolean> } | { kind: "dropped"; inFlight: number; queued: number };

export interface Admission {
  /** An arrival asks for a slot. A queued arrival's turn resolves true when it holds the slot, false if the run was aborted first. */
  admit(): Admitted;
  /** A retry asks for a slot: it waits like a queued arrival, but is never dropped (it is not a new arrival). */
  readmit(): Promise<boolean>;
  /** The holder of a slot is done: the slot passes to the first in the queue, or is freed. */
  release(): void;
  /** Ends every wait with false (the run was aborted). */
  cancelAll(): void;
  inFlight(): number;
}

export function createAdmission(maxInFlight: number, maxQueue: number): Admission {
  let inFlight = 0;
  const queue: ((granted: boolean) => void)[] = [];
  // An index into the queue instead of shift(): O(1) per turn at any queue length.
  let head = 0;
  const waiting = (): number => queue.length - head;
  const wait = (): Promise<boolean> => new Promise<boolean>((resolve) => queue.push(resolve));
  return {
    admit() {
      if (inFlight < maxInFlight) {
        inFlight++;
        return { kind: "now" };
      }
      if (waiting() < maxQueue) return { kind: "queued", turn: wait() };
      return { kind: "dropped", inFlight, queued: waiting() };
    },
    readmit() {
      if (inFlight < maxInFlight) {
        inFlight++;
        return Promise.resolve(true);
      }
      return wait();
    },
    release() {
      if (waiting() > 0) {
        const next = queue[head]!;
        queue[head++] = undefined as never;
        if (head > 1024 && head * 2 > queue.length) {
          queue.splice(0, head);
          head = 0;
        }
        next(true);
        return;
      }
      inFlight--;
    },
    cancelAll() {
      const pending = queue.slice(head);
      queue.length = 0;
      head = 0;
      for (const resolve of pending) resolve(false);
    },
    inFlight: () => inFlight,
  };
}
