import { describe, expect, it } from "vitest";
import { AgreementAccumulator, agreementOf, type TargetOutput } from "../../../src/core/agreement";
import { summarize } from "../../../src/core/stats";
import { requestRecord } from "../request-record";

const labels = (label: string): TargetOutput => ({ value: [{ label, score: 0.9 }], text: label });

function outputs(rows: Record<number, Record<string, TargetOutput>>): Map<number, Map<string, TargetOutput>> {
  return new Map(Object.entries(rows).map(([input, byTarget]) => [Number(input), new Map(Object.entries(byTarget))]));
}

describe("agreement across targets", () => {
  it("gives the top-1 matrix, each target's mean and the share of inputs where all agree", () => {
    // input 0: a=cat b=cat c=dog; input 1: a=dog b=dog c=dog; input 2: a=cat b=dog (c failed).
    const [top1] = agreementOf(
      "image-classification",
      outputs({ 0: { a: labels("cat"), b: labels("cat"), c: labels("dog") }, 1: { a: labels("dog"), b: labels("dog"), c: labels("dog") }, 2: { a: labels("cat"), b: labels("dog") } }),
      ["a", "b", "c"],
    );
    const pair = (referenceId: string, otherId: string) => top1!.pairs.find((entry) => entry.referenceId === referenceId && entry.otherId === otherId);
    // a–b: agree on 0 and 1, differ on 2 → 2/3 over 3 inputs. a–c: differ on 0, agree on 1 → 1/2.
    expect(pair("a", "b")).toMatchObject({ value: 2 / 3, inputs: 3 });
    expect(pair("b", "a")).toMatchObject({ value: 2 / 3, inputs: 3 });
    expect(pair("a", "c")).toMatchObject({ value: 1 / 2, inputs: 2 });
    expect(pair("b", "c")).toMatchObject({ value: 1 / 2, inputs: 2 });
    // a: mean(2/3, 1/2) = 7/12; c: mean(1/2, 1/2) = 1/2.
    expect(top1!.perTarget.get("a")).toBeCloseTo(7 / 12, 12);
    expect(top1!.perTarget.get("c")).toBeCloseTo(1 / 2, 12);
    // Only input 1 has every answering target agreeing: 1 of 3.
    expect(top1!.unanimousShare).toBeCloseTo(1 / 3, 12);
    expect(top1!.unanimousInputs).toBe(3);
  });

  it("reads a directed measure (WER) with the row's target as the reference", () => {
    const text = (value: string): TargetOutput => ({ value: { text: value }, text: value });
    const [wer] = agreementOf("automatic-speech-recognition", outputs({ 0: { a: text("a b"), b: text("a b c d") } }), ["a", "b"]);
    expect(wer!.measure.id).toBe("agreementWordErrorRate");
    expect(wer!.pairs).toEqual([
      { referenceId: "a", otherId: "b", value: 1, inputs: 1 },
      { referenceId: "b", otherId: "a", value: 0.5, inputs: 1 },
    ]);
    // b judged against a as reference: 1; a judged against b: 0.5.
    expect(wer!.perTarget.get("b")).toBe(1);
    expect(wer!.perTarget.get("a")).toBe(0.5);
  });

  it("compares question answering by its answers' text", () => {
    const answer = (value: string): TargetOutput => ({ value: { answer: value, score: 0.5, start: 0, end: value.length }, text: value });
    const measures = agreementOf("question-answering", outputs({ 0: { a: answer("Paris."), b: answer("paris") } }), ["a", "b"]);
    expect(measures.map((entry) => entry.measure.id)).toEqual(["agreementExactMatch", "agreementLengthRatio"]);
    expect(measures[0]!.pairs[0]!.value).toBe(1);
    expect(measures[1]!.pairs[0]!.value).toBeCloseTo(5 / 6, 12);
  });

  it("keeps each target's lowest successful repetition, ignoring warm-ups and failures", () => {
    const accumulator = new AgreementAccumulator("text-classification");
    const record = (targetId: string, repetition: number, label: string, extra = {}) =>
      Object.assign(requestRecord({ targetId, repetition, output: label }), { outputValue: [{ label, score: 1 }] }, extra);
    accumulator.add(record("a", 1, "x"));
    accumulator.add(record("a", 0, "y"));
    accumulator.add(record("a", 0, "z", { warmup: true }));
    accumulator.add(record("b", 0, "x", { status: "error" }));
    accumulator.add(record("b", 2, "y"));
    const [top1] = accumulator.result(["a", "b"]);
    // a's repetition 0 ("y") against b's only success ("y").
    expect(top1!.pairs[0]!.value).toBe(1);
  });

  it("reaches each target's summary row (and so the CSV and --summary) when the task is known", () => {
    const record = (targetId: string, inputIndex: number, vector: number[]) => Object.assign(requestRecord({ targetId, inputIndex }), { outputValue: vector });
    const rows = summarize([record("a", 0, [1, 0]), record("b", 0, [1, 1]), record("a", 1, [0, 1]), record("b", 1, [0, 1])], ["a", "b"], undefined, { task: "feature-extraction" });
    // input 0: cos = 1/√2; input 1: 1 → mean (1/√2 + 1)/2.
    expect(rows[0]!.agreement).toEqual({ agreementCosine: expect.closeTo((Math.SQRT1_2 + 1) / 2, 12) as number });
    expect(summarize([record("a", 0, [1, 0])], ["a"])[0]!.agreement).toBeUndefined();
  });
});

describe("agreement in the --summary JSON", () => {
  it("lists an undirected measure's pairs once, a directed one's both ways, rounded as the CSV", async () => {
    const { agreementToJson } = await import("../../../src/core/agreement/report");
    const three = agreementOf("text-classification", outputs({ 0: { a: labels("x"), b: labels("x"), c: labels("y") } }), ["a", "b", "c"]);
    expect(agreementToJson(three)[0]!.pairs.map((pair) => `${pair.referenceId}-${pair.otherId}:${pair.value}`)).toEqual(["a-b:1", "a-c:0", "b-c:0"]);
    const text = (value: string): TargetOutput => ({ value: { text: value }, text: value });
    const wer = agreementOf("automatic-speech-recognition", outputs({ 0: { a: text("a b c"), b: text("a b d") } }), ["a", "b"]);
    // 1 substitution / 3 words = 0.3333 (four decimals, as a fraction in the CSV).
    expect(agreementToJson(wer)[0]).toMatchObject({ id: "agreementWordErrorRate", directed: true, pairs: [{ value: 0.3333 }, { value: 0.3333 }] });
  });
});
