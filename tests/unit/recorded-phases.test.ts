// The runner's use of a WireEventsSource (the browser's Resource Timing): it is asked once an answer came,
// with the request's URL and t0, and its events become the record's phases by the command line's
// definitions; nothing it does can fail a request.
import { describe, expect, it } from "vitest";
import type { WireEvents, WireEventsSource } from "../../src/core/http-phases";
import type { RequestRecord } from "../../src/core/record";
import { runScenario } from "../../src/core/runner";
import { validateScenario } from "../../src/core/scenario-file";

const ENDPOINT = "http://phases.provider.test/v1";

function scenario() {
  const result = validateScenario({
    version: 1,
    name: "phases",
    task: "chat-completion",
    targets: [{ id: "t", endpointUrl: ENDPOINT, model: "m" }],
    inputs: ["a"],
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
    expect(record).toMatchObject({ status: "ok", connectMs: 3, tlsMs: null, waitingMs: 10, connectionReused: false });
    expect(record.receivingMs).not.toBeNull();
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
});
