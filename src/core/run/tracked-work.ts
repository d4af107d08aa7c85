// Work a loop starts without awaiting it (an open loop's arrivals, its sessions): each piece kept until it
// settles, the first failure (a sink that cannot take a record) kept, and the loop told at once so it stops
// starting more; the failure is thrown once every piece has settled.

export interface TrackedWork {
  track(work: Promise<unknown>): void;
  /** Waits until every piece tracked (and any tracked meanwhile) has settled, then throws the first failure. */
  settle(): Promise<void>;
}

export function trackWork(onFailure: () => void): TrackedWork {
  const pending = new Set<Promise<unknown>>();
  let failure: { error: unknown } | null = null;
  return {
    track(work) {
      pending.add(work);
      work.then(
        () => pending.delete(work),
        (error: unknown) => {
          pending.delete(work);
          failure ??= { error };
          onFailure();
        },
      );
    },
    async settle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
      if (failure !== null) throw failure.error;
    },
  };
}
