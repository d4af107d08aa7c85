// The plan of a run of sessions (issue 29, item 3): synthetic turns exact to their drawn lengths with the
// shared prefix on first turns only, think times drawn from the seed (0 before a first turn), a ShareGPT
// file's human turns kept and its model's answers left out, and the scenario's checks of what goes with sessions.
import { beforeAll, describe, expect, it } from "vitest";
import {
  drawSyntheticSessions,
  loadDefaultCorpus,
  loadOfflineTokenizer,
  MAX_SESSION_TURNS,
  planShareGptSessions,
  planSyntheticSessions,
  readShareGpt,
  sessionInputsSchema,
  type IndexedCorpus,
  type SessionInputs,
  type SyntheticSessionTurns,
  type Tokenizer,
} from "../../../../src/core/workloads";
import { expandInputs, formatScenarioErrors, validateScenario } from "../../../../src/core/scenario";

let corpus: IndexedCorpus;
let o200k: Tokenizer;

beforeAll(async () => {
  [corpus, o200k] = await Promise.all([loadDefaultCorpus(), loadOfflineTokenizer()]);
});

const synthetic = (fields: Record<string, unknown>): SessionInputs & { synthetic: SyntheticSessionTurns } =>
  sessionInputsSchema.parse({ synthetic: { turns: 4, inputTokens: { uniform: { min: 20, max: 60 } }, outputTokens: 16 }, ...fields }) as SessionInputs & { synthetic: SyntheticSessionTurns };

describe("synthetic sessions", () => {
  it("cuts every turn's message to its drawn length, the shared prefix opening first turns only", () => {
    const plan = planSyntheticSessions(synthetic({ synthetic: { turns: 4, inputTokens: { uniform: { min: 20, max: 60 } }, outputTokens: 16, prefixTokens: 12 }, count: 5, seed: 9 }), o200k, corpus);
    expect(plan.sessions.map((session) => session.id)).toEqual(["session-0", "session-1", "session-2", "session-3", "session-4"]);
    const prefix = o200k.decode(o200k.encode(plan.sessions[0]!.turns[0]!.prompt).slice(0, 12));
    for (const session of plan.sessions) {
      expect(session.turns).toHaveLength(4);
      for (const [index, turn] of session.turns.entries()) {
        expect(o200k.encode(turn.prompt)).toHaveLength(turn.inputTokens!);
        expect(turn.requestedOutputTokens).toBe(16);
        expect(turn.prompt.startsWith(prefix)).toBe(index === 0);
      }
    }
    // Twenty different messages: no turn repeats another.
    expect(new Set(plan.sessions.flatMap((session) => session.turns.map((turn) => turn.prompt))).size).toBe(20);
  });

  it("draws think times from the seed: 0 before a first turn, within the distribution after", () => {
    const settings = synthetic({ count: 30, thinkTimeMs: { uniform: { min: 100, max: 300 } }, seed: 4 });
    const sessions = drawSyntheticSessions(settings);
    const thinks = sessions.flatMap((session) => session.turns.slice(1).map((turn) => turn.thinkMs));
    expect(sessions.every((session) => session.turns[0]!.thinkMs === 0)).toBe(true);
    expect(Math.min(...thinks)).toBeGreaterThanOrEqual(100);
    expect(Math.max(...thinks)).toBeLessThanOrEqual(300);
    expect(new Set(thinks).size).toBeGreaterThan(20);
    // The same seed, the same plan; another seed, other think times.
    expect(drawSyntheticSessions(settings)).toEqual(sessions);
    expect(drawSyntheticSessions({ ...settings, seed: 5 }).flatMap((session) => session.turns.map((turn) => turn.thinkMs))).not.toEqual(sessions.flatMap((session) => session.turns.map((turn) => turn.thinkMs)));
  });

  it("becomes the run's inputs, turn after turn, each knowing its session", () => {
    const result = expandInputs({ task: "chat-completion", inputs: { sessions: synthetic({ count: 2, thinkTimeMs: 50 }) } });
    if (!result.ok) throw new Error(formatScenarioErrors(result.errors));
    expect(result.inputs.map((input) => [input.index, input.session?.id, input.session?.turn, input.session?.thinkMs])).toEqual([
      [0, "session-0", 1, 0],
      [1, "session-0", 2, 50],
      [2, "session-0", 3, 50],
      [3, "session-0", 4, 50],
      [4, "session-1", 1, 0],
      [5, "session-1", 2, 50],
      [6, "session-1", 3, 50],
      [7, "session-1", 4, 50],
    ]);
    expect(result.inputs.every((input) => input.session?.turns === 4 && input.messages.length === 1 && input.requestedOutputTokens === 16)).toBe(true);
  });
});

describe("ShareGPT sessions", () => {
  const file = [
    { id: "x1", conversations: [{ from: "human", value: "hi" }, { from: "gpt", value: "their answer" }, { from: "human", value: "and then?" }] },
    { id: "x2", conversations: [{ from: "gpt", value: "a greeting alone" }] },
    { id: 7, conversations: [{ from: "system", value: "be terse" }, { from: "user", value: "q" }] },
    { id: "x4", conversations: [{ from: "human", value: "later" }] },
  ];

  it("keeps the first conversations with a human turn, their human turns only, and counts those without", () => {
    const read = readShareGpt(file, 2);
    expect(read).toEqual({
      conversations: [
        { id: "x1", humanTurns: ["hi", "and then?"] },
        { id: "7", system: "be terse", humanTurns: ["q"] },
      ],
      withoutHumanTurns: 1,
    });
    const plan = planShareGptSessions(read.conversations, { thinkTimeMs: 1000, seed: 1 });
    expect(plan.sessions).toEqual([
      { id: "x1", turns: [{ prompt: "hi", thinkMs: 0 }, { prompt: "and then?", thinkMs: 1000 }] },
      { id: "7", system: "be terse", turns: [{ prompt: "q", thinkMs: 0 }] },
    ]);
  });

  it("cuts a long conversation at the most turns a session has", () => {
    const long = [{ id: "long", conversations: Array.from({ length: 2 * (MAX_SESSION_TURNS + 5) }, (_, index) => ({ from: index % 2 === 0 ? "human" : "gpt", value: `m${index}` })) }];
    expect(planShareGptSessions(readShareGpt(long, 1).conversations, { thinkTimeMs: 0, seed: 1 }).sessions[0]!.turns).toHaveLength(MAX_SESSION_TURNS);
  });

  it("names the entry and field that is wrong", () => {
    expect(() => readShareGpt({ conversations: [] }, 5)).toThrow(/must be a JSON array/);
    expect(() => readShareGpt([{ id: "a", conversations: [{ from: "human", value: 3 }] }], 5)).toThrow('[0].conversations[0].value: must be the message\'s text');
    expect(() => readShareGpt([file[0], { id: "b", conversations: [{ from: "robot", value: "x" }] }], 5)).toThrow('[1].conversations[0].from: must be "human" or "gpt", got "robot"');
  });
});

describe("a scenario of sessions", () => {
  const scenario = (inputs: unknown, extra: Record<string, unknown> = {}) =>
    validateScenario({ version: 1, name: "s", task: "chat-completion", targets: [{ id: "t", endpointUrl: "sandbox:/fast/v1", model: "m" }], inputs, ...extra });

  it("takes synthetic turns or a file, one of the two, and refuses what does not go with sessions", () => {
    expect(scenario({ sessions: { synthetic: { turns: 3, inputTokens: 10, outputTokens: 10 } } }).ok).toBe(true);
    expect(scenario({ sessions: { file: "chats.json", count: 3, thinkTimeMs: { exponential: { mean: 2000 } } } }).ok).toBe(true);
    const errors = (result: ReturnType<typeof scenario>): string => (result.ok ? "" : formatScenarioErrors(result.errors));
    expect(errors(scenario({ sessions: { count: 3 } }))).toContain('needs "synthetic" (turns of drawn lengths) or "file"');
    expect(errors(scenario({ sessions: { synthetic: { turns: 0, inputTokens: 10, outputTokens: 10 } } }))).toContain("inputs.sessions.synthetic.turns: must be at least 1");
    expect(errors(scenario({ sessions: { file: "c.json", thinkTimeMs: { uniform: { min: 5, max: 1 } } } }))).toContain("inputs.sessions.thinkTimeMs.uniform.max: must be at least min");
    expect(errors(scenario({ sessions: { synthetic: { turns: 2, inputTokens: 10, outputTokens: 10 } } }, { parameters: { max_tokens: 5 } }))).toContain("parameters.max_tokens: set by inputs.sessions.synthetic.outputTokens");
    expect(errors(scenario({ sessions: { file: "c.json" } }, { task: "text-generation" }))).toContain("text-generation does not take sessions");
    expect(errors(scenario({ sessions: { file: "c.json" } }, { run: { load: { mode: "closed", sweep: { over: "concurrency", levels: [1, 2] } } } }))).toContain("run.load.sweep: not with sessions yet");
    expect(errors(scenario({ sessions: { file: "c.json" } }, { run: { load: { mode: "open", rate: 1, maxQueue: 3 } } }))).toContain("run.load.maxQueue: not with sessions yet");
  });
});
