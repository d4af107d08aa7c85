// The client's load watch starts again when the sending begins: a busy loop before it (prompts cut
// before the first request) is not counted as the client's delay while it sends.
import { describe, expect, it } from "vitest";
import { watchClientLoad } from "../../src/cli/client-load";

const BUSY_MS = 1000;

function holdTheLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy, as cutting prompts is
  }
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
// The watch's timer has run once (its first run only sets where the intervals start): as in a run, whose
// scenario is read and files opened before the prompts are cut.
const watchRunning = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 30));

describe("the client's load watch", () => {
  it("counts the loop held before the sending, unless restarted when the sending begins", async () => {
    const kept = watchClientLoad(1);
    await watchRunning();
    holdTheLoop(BUSY_MS);
    await nextTurn();
    expect(kept.stop().eventLoopDelay.maxMs).toBeGreaterThanOrEqual(BUSY_MS - 20);

    const restarted = watchClientLoad(1);
    await watchRunning();
    holdTheLoop(BUSY_MS);
    // The held timer fires on the next turn (as the runner yields once after cutting), then the sending begins.
    await nextTurn();
    restarted.restart();
    await nextTurn();
    expect(restarted.stop().eventLoopDelay.maxMs).toBeLessThan(BUSY_MS / 2);
  });
});
