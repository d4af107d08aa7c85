// The runner's concurrency limits seen from a server: a tiny counting server on 127.0.0.1 behind the
// real client path (the inference library, the timing fetch, Node's fetch), one path per target. It
// holds answers until the runner has filled every slot it may, then answers after seeded random delays.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mulberry32, type Random } from "../../src/core/random";
import { runScenario } from "../../src/core/run";
import { type Scenario, validateScenario } from "../../src/core/scenario";

/** How long the server waits for the runner to fill its slots before answering anyway. */
const FILL_WAIT_MS = 5000;

interface Round {
  random: Random;
  /** Answers are held until this many requests are in flight (or FILL_WAIT_MS passes). */
  fillTarget: number;
  inFlight: number;
  peak: number;
  inFlightByTarget: Map<string, number>;
  peakByTarget: Map<string, number>;
  held: Array<() => void>;
  releasedAll: boolean;
  failureRate: number;
}

let round: Round;
let baseUrl: string;
const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  const targetId = /^\/(t\d+)\//.exec(request.url ?? "")?.[1] ?? "unknown";
  const current = round;
  current.inFlight++;
  current.peak = Math.max(current.peak, current.inFlight);
  current.inFlightByTarget.set(targetId, (current.inFlightByTarget.get(targetId) ?? 0) + 1);
  current.peakByTarget.set(targetId, Math.max(current.peakByTarget.get(targetId) ?? 0, current.inFlightByTarget.get(targetId)!));
  let ended = false;
  const end = (): void => {
    if (ended) return;
    ended = true;
    current.inFlight--;
    current.inFlightByTarget.set(targetId, current.inFlightByTarget.get(targetId)! - 1);
  };
  response.on("close", end);
  const failed = current.random() < current.failureRate;
  // A seeded delay of 1-15 ms: answers come back in a mixed order, as from a real provider.
  const delayMs = 1 + Math.floor(current.random() * 15);
  const answer = (): void => {
    setTimeout(() => {
      const body = failed
        ? { error: { message: "overloaded", type: "server_error" } }
        : {
            id: "chatcmpl-test",
            object: "chat.completion",
            created: 1714873384,
            model: "m",
            choices: [{ index: 0, message: { role: "assistant", content: "ok" }, logprobs: null, finish_reason: "stop" }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          };
      response.writeHead(failed ? 503 : 200, { "content-type": "application/json" });
      response.end(JSON.stringify(body), end);
    }, delayMs);
  };
  request.resume();
  request.on("end", () => {
    if (current.releasedAll) return answer();
    current.held.push(answer);
    if (current.inFlight >= current.fillTarget) releaseAll(current);
  });
});

function releaseAll(current: Round): void {
  current.releasedAll = true;
  for (const answer of current.held.splice(0)) answer();
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

interface Settings {
  concurrency: number;
  perTargetConcurrency?: number;
  targets: number;
  repetitions: number;
  maxAttempts: number;
  failureRate: number;
}

function scenarioFor(settings: Settings): Scenario {
  const result = validateScenario({
    version: 1,
    name: "concurrency over HTTP",
    task: "chat-completion",
    targets: Array.from({ length: settings.targets }, (_, index) => ({ id: `t${index}`, endpointUrl: `${baseUrl}/t${index}/v1`, model: "m" })),
    inputs: ["a", "b"],
    parameters: { max_tokens: 4 },
    run: {
      concurrency: settings.concurrency,
      perTargetConcurrency: settings.perTargetConcurrency,
      repetitions: settings.repetitions,
      timeoutMs: 20_000,
      retry: { maxAttempts: settings.maxAttempts, baseDelayMs: 1, maxDelayMs: 5, retryOn: ["http_5xx"] },
    },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

describe("runner concurrency seen by a server on 127.0.0.1", () => {
  it.each([
    { name: "concurrency 1, 2 targets", limits: { concurrency: 1, targets: 2 } },
    { name: "concurrency 6, 2 per target, 3 targets", limits: { concurrency: 6, perTargetConcurrency: 2, targets: 3 } },
    { name: "concurrency 8, 3 per target, 4 targets", limits: { concurrency: 8, perTargetConcurrency: 3, targets: 4 } },
    { name: "concurrency 12, 5 per target, 2 targets", limits: { concurrency: 12, perTargetConcurrency: 5, targets: 2 } },
    { name: "concurrency 16, 3 targets", limits: { concurrency: 16, targets: 3 } },
  ])("never exceeds the limits, and fills them ($name)", async ({ limits }) => {
    const settings: Settings = { ...limits, repetitions: 6, maxAttempts: 2, failureRate: 0.2 };
    const perTarget = settings.perTargetConcurrency ?? settings.concurrency;
    const plannedPerTarget = settings.repetitions * 2;
    const fullLoad = Math.min(settings.concurrency, settings.targets * Math.min(perTarget, plannedPerTarget));
    for (const seed of [1, 2, 3]) {
      round = {
        random: mulberry32(seed * 104729 + settings.concurrency),
        fillTarget: fullLoad,
        inFlight: 0,
        peak: 0,
        inFlightByTarget: new Map(),
        peakByTarget: new Map(),
        held: [],
        releasedAll: false,
        failureRate: settings.failureRate,
      };
      const current = round;
      const unblock = setTimeout(() => releaseAll(current), FILL_WAIT_MS);
      let attempts = 0;
      const result = await runScenario({ runId: `http-${seed}`, scenario: scenarioFor(settings), onRecord: () => attempts++ }).finally(() =>
        clearTimeout(unblock),
      );
      const label = `seed ${seed}`;
      expect(result.status, label).toBe("completed");
      expect(result.progress.done, label).toBe(settings.targets * plannedPerTarget);
      expect(attempts, label).toBe(result.progress.attempts);
      expect(current.peak, label).toBeLessThanOrEqual(settings.concurrency);
      for (const [targetId, targetPeak] of current.peakByTarget) expect(targetPeak, `${label} ${targetId}`).toBeLessThanOrEqual(perTarget);
      // The runner did fill its slots: the server saw every one of them taken at once.
      expect(current.peak, label).toBe(fullLoad);
    }
  });
});
