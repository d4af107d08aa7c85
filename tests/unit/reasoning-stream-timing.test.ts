// A reasoning model's stream, in the shapes servers send it (vLLM and DeepSeek: `delta.reasoning_content`;
// OpenRouter and Ollama: `delta.reasoning`), through the library and the timing fetch on a clock that
// advances 10 ms per read: TTFT is the first reasoning chunk, the time to first answer token the first
// `content` chunk, and the reasoning tokens the usage's, or one per reasoning event when it reports none.
import { describe, expect, it } from "vitest";
import { runScenario } from "../../src/core/run";
import { validateScenario } from "../../src/core/scenario";
import type { RequestRecord } from "../../src/core/record";

const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}): string =>
  `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: null }], ...extra })}\n\n`;

const usage = (details: boolean): string =>
  `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [], usage: { prompt_tokens: 4, completion_tokens: 7, total_tokens: 11, ...(details ? { completion_tokens_details: { reasoning_tokens: 5 } } : {}) } })}\n\n`;

/** The role chunk, three reasoning events under `field`, two answer events, the finish, usage, [DONE]: one read each. */
function reasoningStream(field: "reasoning_content" | "reasoning", reportsReasoning: boolean): string[] {
  return [
    chunk({ role: "assistant", content: "" }),
    chunk({ [field]: "six" }),
    chunk({ [field]: " times" }),
    chunk({ [field]: " seven" }),
    chunk({ content: "4" }),
    chunk({ content: "2" }),
    `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`,
    usage(reportsReasoning),
    "data: [DONE]\n\n",
  ];
}

async function measure(events: string[]): Promise<RequestRecord> {
  let now = 0;
  const clock = { now: () => now, epochMs: () => 1_700_000_000_000 + now };
  const fetch = async (): Promise<Response> => {
    let index = 0;
    // Each read comes 10 ms after the one before: the first (the role chunk) at 10 ms. Nothing is pulled
    // before a read asks (highWaterMark 0), so the clock moves with the reads.
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (index === events.length) return controller.close();
          now += 10;
          controller.enqueue(new TextEncoder().encode(events[index++]));
        },
      },
      { highWaterMark: 0 },
    );
    return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
  };
  const validated = validateScenario({
    version: 1,
    name: "reasoning stream",
    task: "chat-completion",
    targets: [{ id: "t", endpointUrl: "https://reasoner.test/v1", model: "m" }],
    inputs: ["What is 6 * 7?"],
    run: { stream: true },
  });
  if (!validated.ok) throw new Error(JSON.stringify(validated.errors));
  const records: RequestRecord[] = [];
  await runScenario({ runId: "r", scenario: validated.scenario, fetch: fetch as typeof globalThis.fetch, clock, onRecord: (record) => records.push(record) });
  expect(records[0]!.errorMessage).toBeNull();
  return records[0]!;
}

describe("a reasoning stream's timings", () => {
  it.each(["reasoning_content", "reasoning"] as const)("times delta.%s as the first token and the first content as the first answer token", async (field) => {
    const record = await measure(reasoningStream(field, true));
    // Reads at 10 (role), 20, 30, 40 (reasoning), 50, 60 (answer).
    expect(record.ttftMs).toBe(20);
    expect(record.timeToFirstAnswerTokenMs).toBe(50);
    expect(record.lastTokenMs).toBe(60);
    expect(record.outputChunkCount).toBe(5);
    expect([record.output, record.reasoningTokens, record.reasoningTokensEstimated, record.outputTokens]).toEqual(["42", 5, false, 7]);
  });

  it("counts one reasoning token per reasoning event when the usage reports none", async () => {
    const record = await measure(reasoningStream("reasoning_content", false));
    expect([record.reasoningTokens, record.reasoningTokensEstimated]).toEqual([3, true]);
  });

  it("gives a model that does not reason aloud the same TTFT and time to first answer token", async () => {
    const events = reasoningStream("reasoning_content", false).filter((event) => !event.includes("reasoning_content"));
    const record = await measure(events);
    expect(record.ttftMs).toBe(20);
    expect(record.timeToFirstAnswerTokenMs).toBe(20);
    expect(record.reasoningTokens).toBeNull();
  });
});
