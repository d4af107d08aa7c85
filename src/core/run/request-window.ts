// Bounds how many planned requests a closed loop's feeder has under way, so a million-request run never
// holds a million promises: `enter` waits for a free place.

export interface RequestWindow {
  enter(): Promise<void>;
  leave(): void;
  /** A request that throws (a sink that fails) fails the run, as soon as the feeder looks. */
  fail(error: unknown): void;
  drained(): Promise<void>;
}

export function createWindow(size: number): RequestWindow {
  let active = 0;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const notify = (): void => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  return {
    async enter(): Promise<void> {
      while (active >= size && failure === null) await new Promise<void>((resolve) => (wake = resolve));
      if (failure !== null) throw failure;
      active++;
    },
    leave(): void {
      active--;
      notify();
    },
    fail(error: unknown): void {
      failure ??= error;
      active--;
      notify();
    },
    async drained(): Promise<void> {
      while (active > 0) await new Promise<void>((resolve) => (wake = resolve));
      if (failure !== null) throw failure;
    },
  };
}
