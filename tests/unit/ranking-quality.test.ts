// Ranking quality (docs/metrics.md "Ranking quality"): text-ranking inputs' relevance labels checked with
// the path named, each record's NDCG@10 summarised per target as a mean with its Student's t interval, and
// the catalogue's metric shown only in runs whose inputs carry labels.
import { describe, expect, it } from "vitest";
import { validateScenario } from "../../src/core/scenario";
import { SummaryAccumulator } from "../../src/core/stats";
import { measuredFigures, metricById } from "../../src/core/metrics";
import { UNMEASURED_FIELDS, type RequestRecord } from "../../src/core/record";

const scenario = (inputs: unknown[]) => ({ version: 1, name: "rerank", task: "text-ranking", targets: [{ id: "a", endpointUrl: "https://example.test", model: "m" }], inputs });

function errorsOf(inputs: unknown[]): string[] {
  const result = validateScenario(scenario(inputs));
  return result.ok ? [] : result.errors.map((error) => `${error.path}: ${error.message}`);
}

describe("relevance labels of a text-ranking input", () => {
  it("are one grade per document, 0 or more, an error naming the input's field", () => {
    expect(errorsOf([{ query: "q", documents: ["a", "b"], relevance: [1, 0] }])).toEqual([]);
    const wrongCount = errorsOf([{ query: "q", documents: ["a", "b"] }, { query: "q", documents: ["a", "b", "c"], relevance: [1, 0] }]);
    expect(wrongCount).toHaveLength(1);
    expect(wrongCount[0]).toMatch(/^inputs\[1\]\.relevance: needs one label per document: 3 documents, 2 labels$/);
    expect(errorsOf([{ query: "q", documents: ["a", "b"], relevance: [1, -2] }])).toEqual(["inputs[0].relevance[1]: 0 or more"]);
    expect(errorsOf([{ query: "q", documents: ["a"], relevance: ["high"] }])[0]).toMatch(/^inputs\[0\]\.relevance\[0\]: /);
  });

  it("make the run measure ranking quality, and only then", () => {
    const validated = (inputs: unknown[]) => {
      const result = validateScenario(scenario(inputs));
      if (!result.ok) throw new Error(JSON.stringify(result.errors));
      return result.scenario;
    };
    expect(measuredFigures(validated([{ query: "q", documents: ["a"] }, { query: "q", documents: ["a", "b"], relevance: [0, 1] }])).has("rankingQuality")).toBe(true);
    expect(measuredFigures(validated([{ query: "q", documents: ["a", "b"] }])).has("rankingQuality")).toBe(false);
  });
});

function record(targetId: string, relevanceNdcg: number | null | undefined, status: "ok" | "error" = "ok"): RequestRecord {
  return {
    runId: "r",
    targetId,
    inputIndex: 0,
    repetition: 0,
    attempt: 1,
    warmup: false,
    ...UNMEASURED_FIELDS,
    startedAt: 1_000,
    latencyMs: 20,
    status,
    errorKind: status === "ok" ? null : "http_5xx",
    ...(relevanceNdcg === undefined ? {} : { relevanceNdcg }),
  };
}

describe("the summary's NDCG@10 against the labels", () => {
  const ndcgs = [1, 0.9, 0.8, 0.7, 1, 0.95, 0.85, 0.75, 0.9, 0.6];
  const accumulator = new SummaryAccumulator(undefined, { task: "text-ranking" });
  for (const value of ndcgs) accumulator.add(record("a", value));
  // Neither a failed request, nor an input whose labels were all 0, nor one without labels counts.
  accumulator.add(record("a", null, "error"));
  accumulator.add(record("a", null));
  accumulator.add(record("a", undefined));
  accumulator.add(record("b", undefined));
  const [a, b] = accumulator.summarize(["a", "b"]);

  it("is the mean of the answers' figures, with the mean's Student's t interval", () => {
    const mean = ndcgs.reduce((sum, value) => sum + value, 0) / ndcgs.length;
    const sampleSd = Math.sqrt(ndcgs.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (ndcgs.length - 1));
    const half = 2.2621571627409915 * (sampleSd / Math.sqrt(ndcgs.length)); // t(0.975, 9)
    const metric = metricById("relevanceNdcgMean");
    expect(metric.value(a!)).toBeCloseTo(mean, 12);
    const ci = metric.ci95!(a!);
    expect(ci.low).toBeCloseTo(mean - half, 6);
    expect(ci.high).toBeCloseTo(mean + half, 6);
    expect(metricById("relevanceNdcgAnswers").value(a!)).toBe(10);
  });

  it("is absent from a row without labelled answers, which keeps its shape", () => {
    expect(b!).not.toHaveProperty("relevanceNdcg");
    expect(metricById("relevanceNdcgMean").value(b!)).toBeNull();
    expect(metricById("relevanceNdcgMean").ci95!(b!).reason).toMatch(/no answer to an input with relevance labels/);
  });
});
