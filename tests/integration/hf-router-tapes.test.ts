// The runner reading what the Hugging Face router really sent: recorded chat-completion answers (JSON, an
// event stream, 422 errors as JSON and as plain text) replayed byte for byte by msw.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setupServer } from "msw/node";
import { http, HttpResponse } from "msw";
import tapes from "../fixtures/hf-router-chat-tapes.json";
import { runScenario } from "../../src/core/run";
import { validateScenario } from "../../src/core/scenario";
import type { RequestRecord } from "../../src/core/record";
import { CHAT_ROUTES, hubMappingHandler } from "../mocks/hf-router";

interface Tape {
  url: string;
  init: { body: string };
  response: { status: number; headers: Record<string, string>; body: string };
}
const TAPES = tapes as Record<string, Tape>;

/** A tape by the first characters of its key (a hash of the request, as the recorder named it). */
function tape(keyPrefix: string): Tape {
  const key = Object.keys(TAPES).find((candidate) => candidate.startsWith(keyPrefix));
  if (key === undefined) throw new Error(`no tape ${keyPrefix}… in tests/fixtures/hf-router-chat-tapes.json`);
  return TAPES[key]!;
}

const server = setupServer(hubMappingHandler());
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** One request to one router provider, answered with the tape's recorded status, content type and body. */
async function replay(recorded: Tape, stream: boolean): Promise<RequestRecord> {
  server.use(
    http.post(CHAT_ROUTES.groq!, () =>
      new HttpResponse(recorded.response.body, { status: recorded.response.status, headers: { "content-type": recorded.response.headers["content-type"]! } }),
    ),
  );
  const validated = validateScenario({
    version: 1,
    name: "tape",
    task: "chat-completion",
    targets: [{ id: "groq", provider: "groq", model: "meta-llama/Llama-3.1-8B-Instruct" }],
    inputs: ["Complete the equation 1+1= ,just the answer"],
    run: { warmup: 0, stream },
  });
  if (!validated.ok) throw new Error(JSON.stringify(validated.errors));
  const records: RequestRecord[] = [];
  await runScenario({ runId: "tape", scenario: validated.scenario, accessToken: "hf_tape", onRecord: (record) => records.push(record), sleep: async () => {} });
  expect(records).toHaveLength(1);
  return records[0]!;
}

/** The content events of a recorded stream, in order. */
function streamedContent(body: string): string[] {
  return body
    .split("\n")
    .filter((line) => line.startsWith("data:") && !line.includes("[DONE]"))
    .map((line) => (JSON.parse(line.slice("data:".length)) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content ?? "")
    .filter((content) => content !== "");
}

describe("recorded router answers", () => {
  it("reads a JSON answer's text and the provider's token count", async () => {
    const recorded = tape("bfba6072");
    const answer = JSON.parse(recorded.response.body) as { choices: { message: { content: string } }[]; usage: { completion_tokens: number } };
    const record = await replay(recorded, false);
    expect(record.status).toBe("ok");
    expect(record.output).toBe(answer.choices[0]!.message.content);
    expect(record.outputTokens).toBe(answer.usage.completion_tokens);
    expect(record.tokensEstimated).toBe(false);
  });

  it("reads an event stream to [DONE]: the text in order, a TTFT, and one estimated token per content event", async () => {
    const recorded = tape("a17bc698");
    const contents = streamedContent(recorded.response.body);
    expect(contents.length).toBeGreaterThan(1);
    const record = await replay(recorded, true);
    expect(record.status).toBe("ok");
    expect(record.output).toBe(contents.join(""));
    expect(record.ttftMs).toEqual(expect.any(Number));
    expect(record.outputTokens).toBe(contents.length);
    expect(record.tokensEstimated).toBe(true);
  });

  it("takes an older TGI stream that ends with a finish reason and no [DONE] as complete", async () => {
    const recorded = tape("e1218ba6");
    expect(recorded.response.body).not.toContain("[DONE]");
    expect(recorded.response.body).toContain('"finish_reason":"eos_token"');
    const record = await replay(recorded, true);
    expect(record.status).toBe("ok");
    expect(record.output).toBe(streamedContent(recorded.response.body).join(""));
  });

  it.each([
    ["a 422 as JSON", "53b9422f", "Template error: template not found"],
    ["a 422 as plain text", "2e013494", "Failed to deserialize the JSON body into the target type"],
  ])("records %s as an http_4xx error that carries the provider's own message", async (_name, prefix, message) => {
    const recorded = tape(prefix);
    const record = await replay(recorded, true);
    expect(record.status).toBe("error");
    expect(record.errorKind).toBe("http_4xx");
    expect(record.httpStatus).toBe(422);
    expect(record.errorMessage).toContain(message);
  });
});
