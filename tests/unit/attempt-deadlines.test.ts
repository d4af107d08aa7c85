// One timer for every attempt's timeout (src/core/run/attempt-deadlines.ts): each attempt is aborted at its own
// deadline, not before, an attempt that ended is never aborted, and the run's abort reaches all in flight.
import { afterEach, describe, expect, it } from "vitest";
import { createAttemptDeadlines, type AttemptDeadlines } from "../../src/core/run";
import { newWireEvents } from "../../src/core/measure";

const created: AttemptDeadlines[] = [];
afterEach(() => {
  for (const deadlines of created.splice(0)) deadlines.abortAll(new Error("test over"));
});

function deadlines(timeoutMs: number): AttemptDeadlines {
  const made = createAttemptDeadlines({ timeoutMs, now: () => performance.now() });
  created.push(made);
  return made;
}

/** Resolves when the controller is aborted, with how long after `from` that was. */
function abortedAfter(controller: AbortController, from: number): Promise<number> {
  return new Promise((resolve) => controller.signal.addEventListener("abort", () => resolve(performance.now() - from), { once: true }));
}

describe("attempt deadlines", () => {
  it("aborts each attempt at its own deadline with a TimeoutError, in the order they started", async () => {
    const timed = deadlines(120);
    const first = new AbortController();
    const firstStart = performance.now();
    const firstEntry = timed.start(first);
    const firstAbort = abortedAfter(first, firstStart);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = new AbortController();
    const secondStart = performance.now();
    const secondEntry = timed.start(second);
    const secondAbort = abortedAfter(second, secondStart);

    const firstAfter = await firstAbort;
    expect(second.signal.aborted).toBe(false);
    const secondAfter = await secondAbort;
    for (const after of [firstAfter, secondAfter]) {
      expect(after).toBeGreaterThanOrEqual(119);
      expect(after).toBeLessThan(120 + 40);
    }
    expect((first.signal.reason as DOMException).name).toBe("TimeoutError");
    expect([firstEntry.cause, secondEntry.cause]).toEqual(["timeout", "timeout"]);
    expect(timed.size).toBe(0);
  });

  it("never aborts an attempt that ended, and still times the ones after it", async () => {
    const timed = deadlines(100);
    const ended = new AbortController();
    const endedEntry = timed.start(ended);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const later = new AbortController();
    const laterStart = performance.now();
    timed.start(later);
    const laterAbort = abortedAfter(later, laterStart);
    // The head ends: the timer armed for it finds nothing due at its time and re-arms for the next one.
    timed.end(endedEntry);
    expect(await laterAbort).toBeGreaterThanOrEqual(99);
    expect(ended.signal.aborted).toBe(false);
  });

  it("aborts every attempt in flight at the run's abort, and the request each registered", () => {
    const timed = deadlines(60_000);
    const controllers = [new AbortController(), new AbortController(), new AbortController()];
    const entries = controllers.map((controller) => timed.start(controller));
    const aborted: unknown[] = [];
    entries[1]!.wire = { ...newWireEvents(), request: { abort: (reason) => aborted.push(reason) } };
    timed.end(entries[2]!);
    const reason = new Error("stopped by the user");
    timed.abortAll(reason);
    expect(controllers.map((controller) => controller.signal.aborted)).toEqual([true, true, false]);
    expect(entries.map((entry) => entry.cause)).toEqual(["aborted", "aborted", null]);
    expect(aborted).toEqual([reason]);
    expect(timed.size).toBe(0);
  });
});
