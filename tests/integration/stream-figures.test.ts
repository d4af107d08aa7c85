// Token timing, stream shape and requests in flight, measured end to end (inference library, timing
// fetch, Node's fetch) against a loopback server with exact timing: the first token at 100 ms, then 20
// more 10 ms apart, usage 10 in / 21 out; the "stall" path pauses 300 ms before its 11th token.
// Tolerances allow for a loaded two-core machine's late timers; the structure (counts, ratios) is exact.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestRecord } from "../../src/core/record";
import { runScenario } from "../../src/core/run";
import { validateScenario, type Scenario } from "../../src/core/scenario";
import { SummaryAccumulator } from "../../src/core/stats";
import { withTimerLateness } from "./timer-lateness";

const FIRST_TOKEN_MS = 100;
const GAP_MS = 10;
const TOKENS = 21;
const STALL_MS = 300;
const STALL_BEFORE_TOKEN = 10; // 0-based: the 11th token

function chunk(delta: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  return `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: null }], ...extra })}\n\n`;
}

/** Each token at an absolute offset from the request's arrival, so one late timer does not shift the rest. */
function stream(request: IncomingMessage, response: ServerResponse): void {
  const stall = request.url?.startsWith("/stall/") ?? false;
  response.writeHead(200, { "content-type": "text/event-stream" });
  response.write(chunk({ role: "assistant", content: "" }));
  const startedAt = performance.now();
  const timers: NodeJS.Timeout[] = [];
  response.on("close", () => timers.forEach(clearTimeout));
  for (let token = 0; token < TOKENS; token++) {
    const dueMs = FIRST_TOKEN_MS + token * GAP_MS + (stall && token >= STALL_BEFORE_TOKEN ? STALL_MS : 0);
    timers.push(
      setTimeout(() => {
        response.write(chunk({ content: `t${token} ` }));
        if (token === TOKENS - 1) {
          response.write(
            `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: {}, finish_reason: "stop" }], usage: { prompt_tokens: 10, completion_tokens: TOKENS, total_tokens: 10 + TOKENS } })}\n\n`,
          );
          response.end("data: [DONE]\n\n");
        }
      }, Math.max(0, startedAt + dueMs - performance.now())),
    );
  }
}

const server = createServer(stream);
let baseUrl = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function scenario(targets: string[], concurrency: number, repetitions: number): Scenario {
  const result = validateScenario({
    version: 1,
    name: "exact stream",
    task: "chat-completion",
    targets: targets.map((id) => ({ id, endpointUrl: `${baseUrl}/${id}/v1`, model: "m" })),
    inputs: ["a"],
    parameters: { max_tokens: TOKENS },
    run: { concurrency, repetitions, stream: true, timeoutMs: 20_000 },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

/** The run's records and summary, and how late this process's timers fired meanwhile (server and client share them). */
async function run(targets: string[], concurrency: number, repetitions: number): Promise<{ records: RequestRecord[]; accumulator: SummaryAccumulator; lateMs: number }> {
  const records: RequestRecord[] = [];
  const accumulator = new SummaryAccumulator();
  const { lateMs } = await withTimerLateness(() =>
    runScenario({
      runId: "exact",
      scenario: scenario(targets, concurrency, repetitions),
      onRecord: (record) => {
        records.push(record);
        accumulator.add(record);
      },
    }),
  );
  return { records, accumulator, lateMs };
}

describe("stream figures against exact timing", () => {
  it("times the second token, counts 21 one-token chunks, and finds the stall where the server paused", async () => {
    const { records, accumulator, lateMs } = await run(["steady", "stall"], 2, 4);
    expect(records.every((record) => record.status === "ok")).toBe(true);
    for (const record of records) {
      expect(record.outputChunkCount).toBe(TOKENS);
      expect(record.outputTokens).toBe(TOKENS);
      expect(record.inputTokens).toBe(10);
      expect(record.tokensEstimated).toBe(false);
      expect(record.chunkGapHistogram).toMatch(/^\d+:\d+( \d+:\d+)*$/);
    }
    const [steady, stall] = accumulator.summarize(["steady", "stall"]);
    // TTFT 100 ms, then 10 ms to the second token and between chunks; a late timer (another process on
    // the cores) delays a token by up to lateMs, so upper bounds allow that much more, lower ones nothing.
    const late = `timers up to ${lateMs.toFixed(0)} ms late`;
    expect(steady!.ttftMs.p50).toBeGreaterThanOrEqual(FIRST_TOKEN_MS - 5);
    expect(steady!.ttftMs.p50, late).toBeLessThan(FIRST_TOKEN_MS + 150 + lateMs);
    expect(steady!.timeToSecondTokenMs.p50).toBeGreaterThan(2);
    expect(steady!.timeToSecondTokenMs.p50, late).toBeLessThan(60 + lateMs);
    expect(steady!.interChunkMs.p50).toBeGreaterThan(5);
    expect(steady!.interChunkMs.p50, late).toBeLessThan(40 + lateMs);
    expect(steady!.interChunkMs.count).toBe(4 * (TOKENS - 1));
    expect(steady!.chunksPerRequest.p50).toBe(TOKENS);
    expect(steady!.tokensPerChunk.p50).toBe(1);
    // The stall: about 300 ms on the stall path, and nothing like it on the steady one. The tokens are due
    // at fixed offsets, so a late token just before the pause shortens the gap after it by its lateness.
    expect(stall!.maxChunkGapMs.p50, late).toBeGreaterThanOrEqual(STALL_MS - 20 - lateMs);
    expect(steady!.maxChunkGapMs.p50, late).toBeLessThan(STALL_MS / 2 + lateMs);
    // Input + output tokens over the same span: exactly 31/21 of the output rate.
    expect(steady!.totalTokenThroughput! / steady!.outputTokenThroughput!).toBeCloseTo(31 / 21, 9);
    expect(steady!.inputTokenThroughput! / steady!.outputTokenThroughput!).toBeCloseTo(10 / 21, 9);
  });

  it("keeps the asked concurrency in flight most of the time, never more", async () => {
    const { accumulator } = await run(["steady"], 4, 12);
    const [steady] = accumulator.summarize(["steady"]);
    expect(steady!.inFlight.max).toBe(4);
    expect(steady!.inFlight.p50).toBe(4);
    // Three rounds of four ~300 ms requests; the gaps between one answer and the next send are short.
    expect(steady!.inFlight.mean).toBeGreaterThan(3);
    expect(steady!.inFlight.mean).toBeLessThanOrEqual(4);
    expect(accumulator.inFlightOverall().max).toBe(4);
  });
});
