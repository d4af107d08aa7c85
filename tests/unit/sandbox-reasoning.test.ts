// The sandbox's reasoning profiles as planned (reasoning-answers.ts): the effort read in either family's
// form, reasoning deltas scheduled before the answer and more of them at higher effort, the usage's
// reasoning tokens, and a right answer that stays right at every higher effort.
import { describe, expect, it } from "vitest";
import { askedEffort, planReasoning, reasoningAnswer } from "../../src/sandbox/reasoning-answers";
import { planResponse, type ResponsePlan } from "../../src/sandbox/plan";
import { PROFILES } from "../../src/sandbox/profiles";
import type { GenerationRequest } from "../../src/sandbox/requests";

const behaviour = PROFILES.reasoning.reasoning!;
const PROMPT = "What is 17 + 25?";
const context = { id: "chatcmpl-x", created: 1, model: "sandbox-reasoning" };
const request: GenerationRequest = { endpoint: "chat", model: "m", stream: true, includeUsage: true, maxTokens: undefined, choiceCount: 1, promptTokens: 4 };

function plan(seed: number): ResponsePlan {
  return planResponse(PROFILES.reasoning, { requestNumber: 1, errorRoll: 0.5, requestSeed: seed }, { maxTokens: undefined, choiceCount: 1, generatesText: true }, 1);
}

/** The deltas of a streamed answer, in order, with their times. */
function deltas(answer: ReturnType<typeof reasoningAnswer>): { atMs: number; delta: Record<string, unknown> }[] {
  return answer.pieces.flatMap((piece) =>
    String(piece.data)
      .split("\n\n")
      .filter((event) => event.startsWith("data: {"))
      .map((event) => JSON.parse(event.slice(6)) as { choices: { delta?: Record<string, unknown> }[] })
      .filter((chunk) => chunk.choices.length > 0)
      .map((chunk) => ({ atMs: piece.atMs, delta: chunk.choices[0]!.delta ?? {} })),
  );
}

describe("the sandbox's reasoning profiles", () => {
  it("read the effort as reasoning_effort or reasoning.effort", () => {
    expect(askedEffort({ reasoning_effort: "high" })).toBe("high");
    expect(askedEffort({ reasoning: { effort: "low" } })).toBe("low");
    expect(askedEffort({ reasoning: "low" })).toBeUndefined();
    expect(askedEffort({})).toBeUndefined();
  });

  it("stream their reasoning before the answer, more of it at higher effort, and report it in usage", () => {
    const counts = ["low", "medium", "high"].map((effort) => {
      const reasoning = planReasoning(behaviour, { effort, prompt: PROMPT }, 7, 3);
      const answer = reasoningAnswer(plan(7), request, context, reasoning);
      const seen = deltas(answer);
      const thinking = seen.filter((item) => typeof item.delta.reasoning_content === "string");
      const answering = seen.filter((item) => typeof item.delta.content === "string" && item.delta.content !== "");
      expect(thinking).toHaveLength(reasoning.reasoningTokens);
      expect(Math.max(...thinking.map((item) => item.atMs))).toBeLessThan(Math.min(...answering.map((item) => item.atMs)));
      expect(answering.map((item) => item.delta.content).join("")).toBe(reasoning.answer);
      const usage = String(answer.pieces.at(-1)!.data).match(/"usage":(\{[^}]*\{[^}]*\}\})/)![1]!;
      expect(JSON.parse(usage)).toMatchObject({ completion_tokens_details: { reasoning_tokens: reasoning.reasoningTokens } });
      return reasoning.reasoningTokens;
    });
    expect(counts[0]).toBeLessThan(counts[1]!);
    expect(counts[1]).toBeLessThan(counts[2]!);
  });

  it("answer a sum right or a little off, and a request right at one effort is right at every higher one", () => {
    for (let requestNumber = 1; requestNumber <= 40; requestNumber++) {
      const answers = ["low", "medium", "high"].map((effort) => planReasoning(behaviour, { effort, prompt: PROMPT }, requestNumber * 13, requestNumber).answer);
      for (const answer of answers) expect(answer).toMatch(/^The answer is (4[2-9]|5[01])\.$/);
      const right = answers.map((answer) => answer === "The answer is 42.");
      expect(right, String(requestNumber)).toEqual([...right].sort());
    }
    expect(planReasoning(behaviour, { effort: "high", prompt: "Name a colour." }, 1, 1).answer).toBe("I cannot tell.");
  });

  it("answer a whole request with reasoning_content beside the content", () => {
    const reasoning = planReasoning(behaviour, { effort: "low", prompt: PROMPT }, 7, 3);
    const body = JSON.parse(String(reasoningAnswer(plan(7), { ...request, stream: false }, context, reasoning).pieces[0]!.data)) as {
      choices: { message: { content: string; reasoning_content: string } }[];
      usage: { completion_tokens: number; completion_tokens_details: { reasoning_tokens: number } };
    };
    expect(body.choices[0]!.message.content).toBe(reasoning.answer);
    expect(body.choices[0]!.message.reasoning_content.length).toBeGreaterThan(0);
    expect(body.usage.completion_tokens_details.reasoning_tokens).toBe(reasoning.reasoningTokens);
  });
});
