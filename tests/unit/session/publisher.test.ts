// Subscribers of a running run hear about it at most once per interval, however many records arrive.
import { describe, expect, it } from "vitest";
import { throttlePublishing, type Timers } from "../../../src/session/publisher";

/** Timers that fire only when the test says so. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let nextHandle = 1;
  const timers: Timers = {
    setTimeout: (callback) => {
      const handle = nextHandle++;
      pending.set(handle, callback);
      return handle;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  };
  const fireAll = (): void => {
    const due = [...pending.values()];
    pending.clear();
    for (const callback of due) callback();
  };
  return { timers, fireAll, pendingCount: () => pending.size };
}

describe("throttled publishing", () => {
  it("publishes once per interval however often it is asked", () => {
    const { timers, fireAll, pendingCount } = manualTimers();
    let published = 0;
    const publisher = throttlePublishing(() => published++, 250, timers);
    for (let i = 0; i < 100; i++) publisher.schedule();
    expect(published).toBe(0);
    expect(pendingCount()).toBe(1);
    fireAll();
    expect(published).toBe(1);
    publisher.schedule();
    fireAll();
    expect(published).toBe(2);
  });

  it("publishes at once on now(), dropping the scheduled publication", () => {
    const { timers, fireAll, pendingCount } = manualTimers();
    let published = 0;
    const publisher = throttlePublishing(() => published++, 250, timers);
    publisher.schedule();
    publisher.now();
    expect(published).toBe(1);
    expect(pendingCount()).toBe(0);
    fireAll();
    expect(published).toBe(1);
  });

  it("publishes nothing after cancel()", () => {
    const { timers, fireAll } = manualTimers();
    let published = 0;
    const publisher = throttlePublishing(() => published++, 250, timers);
    publisher.schedule();
    publisher.cancel();
    fireAll();
    expect(published).toBe(0);
  });
});
