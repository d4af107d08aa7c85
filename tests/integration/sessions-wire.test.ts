// Multi-turn sessions on the wire (issue 29, item 3): a loopback server answers every chat request with an
// answer of its own, and turn 2's body must hold turn 1's answer (and turn 1's message) before its own
// message; a failed turn ends its session; a ShareGPT file's human turns are sent, its model answers never.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestRecord } from "../../src/core/record";
import { runScenario } from "../../src/core/run";
import { formatScenarioErrors, type Scenario, validateScenario } from "../../src/core/scenario";
import { chatCompletionBody } from "../mocks/hf-router";

interface SentBody {
  messages: { role: string; content: string }[];
  max_tokens?: number;
}

interface Arrival {
  answer: string;
  body: SentBody;
}

let server: Server;
let url = "";
const arrivals: Arrival[] = [];
/** Answers 500 to a request whose last message contains this text. */
let failWhen: string | null = null;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as SentBody;
      const last = body.messages[body.messages.length - 1]!.content;
      if (failWhen !== null && last.includes(failWhen)) return response.writeHead(500).end("no");
      const answer = `answer ${arrivals.length} (after ${body.messages.length} messages)`;
      arrivals.push({ answer, body });
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(chatCompletionBody("m", answer, 3)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function scenarioOf(sessions: Record<string, unknown>, run: Record<string, unknown> = {}): Scenario {
  const result = validateScenario({
    version: 1,
    name: "sessions",
    task: "chat-completion",
    targets: [{ id: "local", endpointUrl: `${url}/v1`, model: "m" }],
    inputs: { sessions },
    run: { concurrency: 2, ...run },
  });
  if (!result.ok) throw new Error(formatScenarioErrors(result.errors));
  return result.scenario;
}

async function run(scenario: Scenario, files: Record<string, string> = {}): Promise<RequestRecord[]> {
  arrivals.length = 0;
  const records: RequestRecord[] = [];
  await runScenario({ runId: "sessions", scenario, onRecord: (record) => records.push(record), readInputFile: async (path) => new Blob([files[path] ?? ""]) });
  return records;
}

describe("sessions on the wire", () => {
  it("sends each later turn with the conversation before it: the earlier messages and the target's own answers", async () => {
    const records = await run(scenarioOf({ synthetic: { turns: 3, inputTokens: 12, outputTokens: 5 }, count: 2, thinkTimeMs: 5, seed: 3 }));
    expect(records).toHaveLength(6);
    expect(records.every((record) => record.status === "ok")).toBe(true);
    for (const record of records) {
      const sent = arrivals.find((arrival) => arrival.answer === record.output)!;
      // Turn k sends 2k − 1 messages: k user messages and the k − 1 answers between them.
      expect(sent.body.messages).toHaveLength(2 * record.turn! - 1);
      expect(sent.body.max_tokens).toBe(5);
      expect(record).toMatchObject({ sessionTurns: 3, sessionId: expect.stringMatching(/^session-[01]$/) as unknown as string });
    }
    for (const sessionId of ["session-0", "session-1"]) {
      const turns = records.filter((record) => record.sessionId === sessionId).sort((a, b) => a.turn! - b.turn!);
      expect(turns.map((record) => record.turn)).toEqual([1, 2, 3]);
      const bodyOf = (record: RequestRecord): SentBody => arrivals.find((arrival) => arrival.answer === record.output)!.body;
      const first = bodyOf(turns[0]!);
      const second = bodyOf(turns[1]!);
      // Turn 2's body holds turn 1's message and turn 1's answer, then its own message.
      expect(second.messages.slice(0, 2)).toEqual([first.messages[0], { role: "assistant", content: turns[0]!.output }]);
      expect(second.messages[2]!.role).toBe("user");
      expect(second.messages[2]!.content).not.toBe(first.messages[0]!.content);
      expect(bodyOf(turns[2]!).messages.slice(0, 4)).toEqual([...second.messages, { role: "assistant", content: turns[1]!.output }]);
      // The think time (5 ms) passes between an answer and the next turn, outside any latency.
      expect(turns[1]!.startedAt).toBeGreaterThanOrEqual(turns[0]!.startedAt + turns[0]!.latencyMs + 4);
    }
  });

  it("starts a session at each arrival of an open loop, its later turns due when their think time ends", async () => {
    const scenario = scenarioOf({ synthetic: { turns: 2, inputTokens: 8, outputTokens: 4 }, count: 3, thinkTimeMs: 30 }, { load: { mode: "open", rate: 20, arrival: "constant" } });
    const records = await run(scenario);
    expect(records).toHaveLength(6);
    const firsts = records.filter((record) => record.turn === 1).sort((a, b) => a.scheduledAt! - b.scheduledAt!);
    // One session every 50 ms, whatever its answers took.
    expect(firsts.map((record) => record.sessionId)).toEqual(["session-0", "session-1", "session-2"]);
    for (const [index, record] of firsts.entries()) expect(record.scheduledAt! - firsts[0]!.scheduledAt!).toBeCloseTo(50 * index, 0);
    for (const second of records.filter((record) => record.turn === 2)) {
      const first = firsts.find((record) => record.sessionId === second.sessionId)!;
      // Due once the first answer came and 30 ms passed: the think time is before scheduledAt, never in queueMs.
      expect(second.scheduledAt!).toBeGreaterThanOrEqual(first.startedAt + first.latencyMs + 29);
      expect(second.queueMs!).toBeLessThan(30);
    }
  });

  it("stops thinking users at once when the run is aborted: no later turn is sent", async () => {
    arrivals.length = 0;
    const records: RequestRecord[] = [];
    const controller = new AbortController();
    const scenario = scenarioOf({ synthetic: { turns: 3, inputTokens: 8, outputTokens: 4 }, count: 12, thinkTimeMs: 60_000 }, { concurrency: 12 });
    const running = runScenario({
      runId: "aborted",
      scenario,
      signal: controller.signal,
      onRecord: (record) => {
        records.push(record);
        // Every user has its first answer and thinks for a minute: stop the run then.
        if (records.length === 12) controller.abort();
      },
    });
    const result = await running;
    expect(result.status).toBe("aborted");
    expect(records.map((record) => record.turn)).toEqual(Array.from({ length: 12 }, () => 1));
    expect(arrivals).toHaveLength(12);
  });

  it("ends a session at its failed turn and sends none of its later turns", async () => {
    const file = JSON.stringify([
      { id: "a", conversations: [{ from: "human", value: "hello a" }, { from: "gpt", value: "RECORDED ANSWER" }, { from: "human", value: "please FAIL" }, { from: "gpt", value: "x" }, { from: "human", value: "never sent" }] },
      { id: "b", conversations: [{ from: "system", value: "be brief" }, { from: "human", value: "hello b" }, { from: "gpt", value: "RECORDED" }, { from: "human", value: "more b" }] },
    ]);
    failWhen = "FAIL";
    try {
      const records = await run(scenarioOf({ file: "chats.json", count: 5 }, { concurrency: 1 }), { "chats.json": file });
      expect(records.map((record) => [record.sessionId, record.turn, record.status])).toEqual([
        ["a", 1, "ok"],
        ["a", 2, "error"],
        ["b", 1, "ok"],
        ["b", 2, "ok"],
      ]);
      const sent = arrivals.map((arrival) => arrival.body.messages);
      expect(sent.flat().some((message) => message.content.includes("RECORDED") || message.content === "never sent")).toBe(false);
      // b's system message opens its conversation in every turn.
      // (The failed request got no answer, so b's turns are the second and third answered.)
      expect(sent[1]).toEqual([{ role: "system", content: "be brief" }, { role: "user", content: "hello b" }]);
      expect(sent[2]).toEqual([...sent[1]!, { role: "assistant", content: arrivals[1]!.answer }, { role: "user", content: "more b" }]);
    } finally {
      failWhen = null;
    }
  });
});
