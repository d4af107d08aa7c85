// The runner's use of a WireEventsSource (the browser's Resource Timing): it is asked once an answer came,
// with the request's URL and t0, and its events become the record's phases by the command line's
// definitions; nothing it does can fail a request.
import { describe, expect, it } from "vitest";
import type { WireEvents, WireEventsSource } from "../../src/core/measure";
import type { RequestRecord } from "../../src/core/record";
import { runScenario } from "../../src/core/run";
import { validateScenario } from "../../src/core/scenario";

const ENDPOINT = "http://phases.provider.test/v1";

function scenario(inputs: string[] = ["a"]) {
  const result = validateScenario({
    version: 1,
    name: "phases",
    task: "chat-completion",
    targets: [{ id: "t", endpointUrl: ENDPOINT, model: "m" }],
    inputs,
    parameters: { max_tokens: 4 },
    run: { concurrency: 1, repetitions: 1, retry: { maxAttempts: 1 } },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

const answer = (): Response =>
  new Response(
    JSON.stringify({
      id: "c",
      object: "chat.completion",
      created: 1714873384,
      model: "m",
      choices: [{ index: 0, message: { role: "assistant", content: "ok" }, logprobs: null, finish_reason: "stop" }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    }),
    { status: 200, headers: { "content-type": "application/json" } },
  );

async function runWith(fetch: typeof globalThis.fetch, source: WireEventsSource): Promise<RequestRecord> {
  const records: RequestRecord[] = [];
  await runScenario({ runId: "r", scenario: scenario(), fetch, wireEventsSource: source, onRecord: (record) => records.push(record) });
  expect(records).toHaveLength(1);
  return records[0]!;
}

describe("phases recorded after the fact", () => {
  it("fill the record's phases from the source, asked with the request's URL and t0", async () => {
    const asked: Array<{ url: string; t0: number }> = [];
    const source: WireEventsSource = async (url, t0) => {
      asked.push({ url, t0 });
      const events: WireEvents = { connectionReused: false, connectMs: 3, tlsMs: null, requestSentAt: t0 + 4, headersAt: t0 + 14 };
      return events;
    };
    const record = await runWith(async () => answer(), source);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.url).toBe(`${ENDPOINT}/chat/completions`);
    expect(record).toMatchObject({ status: "ok", connectMs: 3, tlsMs: null, waitingMs: 10, connectionReused: false, clientReadMs: null });
    expect(record.receivingMs).not.toBeNull();
  });

  it("give the client's own read delay: from the network's last byte to the page's read of it", async () => {
    // Said to have had the whole answer at t0 itself: all of the latency the page measured was then its own reading.
    const source: WireEventsSource = async (_url, t0) => ({ connectionReused: true, connectMs: null, tlsMs: null, requestSentAt: t0, headersAt: t0, bodyEndAt: t0 });
    const record = await runWith(async () => answer(), source);
    expect(record.clientReadMs).toBeCloseTo(record.latencyMs, 2);
  });

  it("leave them null when the source recorded none, or fails", async () => {
    expect(await runWith(async () => answer(), async () => null)).toMatchObject({ status: "ok", waitingMs: null, connectMs: null, connectionReused: null });
    const failing: WireEventsSource = () => Promise.reject(new Error("no entries"));
    expect(await runWith(async () => answer(), failing)).toMatchObject({ status: "ok", waitingMs: null, receivingMs: null });
  });

  it("are not asked for when no answer came", async () => {
    let asked = 0;
    const record = await runWith(
      () => Promise.reject(new TypeError("Failed to fetch")),
      async () => {
        asked++;
        return null;
      },
    );
    expect(record.status).toBe("error");
    expect(asked).toBe(0);
  });

  it("are waited for after the attempt has left its concurrency slot, so the next request goes out meanwhile", async () => {
    // Concurrency 1, two requests. The browser files a request's entry some time after its body's end: the
    // first request's entry comes only once the second request was sent (or, if it never is, after a
    // bounded number of event-loop turns, so the test ends either way).
    let sent = 0;
    let secondSent: () => void = () => undefined;
    const secondRequest = new Promise<void>((resolve) => (secondSent = resolve));
    const fetch: typeof globalThis.fetch = async () => {
      sent++;
      if (sent === 2) secondSent();
      return answer();
    };
    const sentWhileWaiting: boolean[] = [];
    const source: WireEventsSource = async () => {
      if (sentWhileWaiting.length === 0) {
        let turns = 0;
        const someTurns = new Promise<void>((resolve) => {
          const turn = (): void => void (++turns >= 50 ? resolve() : setImmediate(turn));
          setImmediate(turn);
        });
        await Promise.race([secondRequest, someTurns]);
      }
      sentWhileWaiting.push(sent === 2);
      return null;
    };
    const records: RequestRecord[] = [];
    await runScenario({ runId: "r", scenario: scenario(["a", "b"]), fetch, wireEventsSource: source, onRecord: (record) => records.push(record) });
    expect(records).toHaveLength(2);
    expect(sentWhileWaiting[0]).toBe(true);
  });
});
