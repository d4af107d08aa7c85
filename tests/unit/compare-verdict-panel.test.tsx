// @vitest-environment happy-dom
// The verdict panel: the best target when the tests support it, the tied group named as a tie when they
// do not, "cannot be told apart" with too few requests, and objectives the run did not measure said so.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { measuredFigures, formatMetric, metricById } from "../../src/core/metrics";
import { collectSamples, compareTargets, summarize } from "../../src/core/stats";
import type { RequestRecord } from "../../src/core/record";
import type { Scenario } from "../../src/core/scenario";
import { describeTargets } from "../../src/ui/features/compare/target-info";
import { VerdictList, VerdictPanel } from "../../src/ui/features/compare/verdict/verdict-panel";
import { listNames, objectiveVerdicts, topGroup, type ObjectiveVerdict } from "../../src/core/verdict";
import { bundledScenario, bundledScenarioJson, makeRecord, makeScenario, scenarioFromJson } from "./compare-fixtures";

afterEach(cleanup);

const INPUTS = 30;

/** One successful request per input for the target, latency and TTFT from the function of the input. */
function recordsOf(targetId: string, latencyMs: (input: number) => number, ttftMs: (input: number) => number = (input) => latencyMs(input) / 4): RequestRecord[] {
  return Array.from({ length: INPUTS }, (_, input) =>
    makeRecord({ targetId, inputIndex: input, latencyMs: latencyMs(input), ttftMs: ttftMs(input), outputTokens: 20, startedAt: 1_700_000_000_000 + input * 1000 }),
  );
}

/** A spread of values that depends on the input, so pairs differ from each other. */
const base = (input: number): number => 200 + ((input * 37) % 23) * 3;
// twin sees the same inputs in another order: the same distribution, paired differences centred on 0.
const twin = (input: number): number => base((input + 1) % INPUTS);

function verdictsFor(records: RequestRecord[], targetIds: string[]): Map<string, ObjectiveVerdict> {
  const rows = summarize(records, targetIds);
  const comparisons = compareTargets(collectSamples(records), targetIds);
  return new Map(objectiveVerdicts(rows, comparisons, (targetId) => targetId.toUpperCase()).map((verdict) => [verdict.objective, verdict]));
}

describe("the verdicts", () => {
  it("name one best target when it is significantly ahead of every other, with the closest difference in words", () => {
    const records = [...recordsOf("fast", (input) => base(input) - 120), ...recordsOf("steady", base), ...recordsOf("slow", (input) => base(input) + 150)];
    const latency = verdictsFor(records, ["steady", "slow", "fast"]).get("latency")!;
    expect(latency.state).toBe("best");
    expect(latency.best).toEqual(["fast"]);
    expect(latency.sentence).toMatch(/^FAST has the fastest latency\. It is significantly ahead of every other target; the closest: FAST is faster than STEADY by 120 ms \[[\d.,]+, [\d.,]+\], p < 0\.001\.$/);
  });

  it("call two targets whose paired differences are not significant a tie, and the slower one behind", () => {
    const records = [...recordsOf("a", base), ...recordsOf("b", twin), ...recordsOf("slow", (input) => base(input) + 150)];
    const verdicts = verdictsFor(records, ["slow", "a", "b"]);
    for (const objective of ["latency", "ttft"]) {
      const verdict = verdicts.get(objective)!;
      expect(verdict.state).toBe("tied");
      expect(new Set(verdict.best)).toEqual(new Set(["a", "b"]));
      expect(verdict.sentence).toMatch(/^(A|B) \(.*\) and (A|B) \(.*\) tie for the fastest .*: no difference between them is significant/);
      expect(verdict.sentence).toMatch(/SLOW is significantly behind at least one of them\.$/);
    }
  });

  it("say every target ties when none differs", () => {
    const records = [...recordsOf("a", base), ...recordsOf("b", twin)];
    const latency = verdictsFor(records, ["a", "b"]).get("latency")!;
    expect(latency.state).toBe("tied");
    expect(latency.sentence).toMatch(/^All targets tie for the fastest latency/);
  });

  it("say the targets cannot be told apart with too few requests, rather than calling it a tie", () => {
    const records = [...recordsOf("fast", (input) => base(input) - 120), ...recordsOf("slow", base)].filter((record) => record.inputIndex < 3);
    const latency = verdictsFor(records, ["fast", "slow"]).get("latency")!;
    expect(latency.state).toBe("untold");
    expect(latency.sentence).toMatch(/^Too few successful requests to compare latency of FAST and SLOW \(n = 6, unpaired\)\.$/);
  });

  it("say what the run did not measure: TTFT without streaming, and nothing to compare with one target", () => {
    const noStream = [...recordsOf("a", base), ...recordsOf("b", twin)].map((record) => ({ ...record, ttftMs: null }));
    expect(verdictsFor(noStream, ["a", "b"]).get("ttft")).toMatchObject({ state: "unavailable", best: [], sentence: "No successful request measured TTFT." });
    expect(verdictsFor(recordsOf("a", base), ["a"]).get("latency")).toMatchObject({ state: "unavailable", sentence: "Only A measured latency: nothing to compare it with." });
  });

  it("wait for the records before judging the paired objectives", () => {
    const rows = summarize(recordsOf("a", base), ["a"]);
    const latency = objectiveVerdicts(rows, null, (id) => id).find((verdict) => verdict.objective === "latency");
    expect(latency).toMatchObject({ state: "unavailable", sentence: "Reading the records…" });
  });
});

describe("the verdict's rows: what the run measures", () => {
  const records = [...recordsOf("a", base), ...recordsOf("b", twin)];
  const objectivesOf = (scenario: Scenario) =>
    objectiveVerdicts(summarize(records, ["a", "b"]), compareTargets(collectSamples(records), ["a", "b"]), (id) => id, undefined, measuredFigures(scenario)).map((verdict) => verdict.objective);

  it("judge a speech-recognition run on latency alone: no TTFT, tokens/s, cost, checks or SLO row", () => {
    expect(objectivesOf(bundledScenario("sandbox-speech-recognition.json"))).toEqual(["latency"]);
  });

  it("judge a text-to-image run on latency, and on cost once a target has a price per image", () => {
    expect(objectivesOf(bundledScenario("sandbox-text-to-image.json"))).toEqual(["latency"]);
    const image = bundledScenarioJson("sandbox-text-to-image.json");
    const priced = scenarioFromJson({ ...image, targets: image.targets.map((target) => ({ ...target, price: { perImage: 0.01 } })) });
    expect(objectivesOf(priced)).toEqual(["latency", "cost"]);
  });

  it("judge a chat run on TTFT only when it streams, and on cost, checks and goodput once it has prices, checks and an SLO", () => {
    expect(objectivesOf(bundledScenario("sandbox-chat.json"))).toEqual(["latency", "outputTokensPerSecond"]);
    expect(objectivesOf(bundledScenario("sandbox-chat-streaming.json"))).toEqual(["ttft", "latency", "cost", "checks", "goodput", "outputTokensPerSecond", "structuredOutput"]);
  });
});

describe("the verdicts on cost, checks and goodput", () => {
  // Hand-made summary rows: the figures the catalogue reads, as the value summary would fill them.
  const plain = summarize([...recordsOf("a", base), ...recordsOf("b", twin), ...recordsOf("c", base)], ["a", "b", "c"]);
  const withValues = (values: Record<string, Partial<(typeof plain)[number]>>) => plain.map((row) => ({ ...row, ...values[row.targetId] }));
  const verdictOf = (rows: typeof plain, objective: string) => objectiveVerdicts(rows, [], (id) => id.toUpperCase()).find((verdict) => verdict.objective === objective)!;

  it("name the cheapest target by its cost per 1,000 requests, and equal costs as the same", () => {
    const rows = withValues({ a: { costPer1000RequestsUsd: 0.3 }, b: { costPer1000RequestsUsd: 0.12 }, c: { costPer1000RequestsUsd: 1.5 } });
    const cost = verdictOf(rows, "cost");
    expect(cost).toMatchObject({ state: "best", best: ["b"] });
    const usd = (targetId: string) => formatMetric(metricById("costPer1000RequestsUsd"), rows.find((row) => row.targetId === targetId)!);
    expect(cost.sentence).toBe(`B (${usd("b")} per 1,000 requests) is the cheapest. Then A (${usd("a")} per 1,000 requests) and C (${usd("c")} per 1,000 requests).`);
    expect(verdictOf(withValues({ a: { costPer1000RequestsUsd: 0.5 }, b: { costPer1000RequestsUsd: 0.5 } }), "cost")).toMatchObject({ state: "tied", best: ["a", "b"] });
    expect(verdictOf(plain, "cost")).toMatchObject({ state: "unavailable", sentence: "No prices: the scenario gives no target a price." });
  });

  it("call pass rates a tie when the two-proportion test does not separate them (95 of 100 and 93 of 100), and 50 of 100 behind", () => {
    const rows = withValues({
      a: { checksPassRate: 0.93, checkedRequests: 100 },
      b: { checksPassRate: 0.95, checkedRequests: 100 },
      c: { checksPassRate: 0.5, checkedRequests: 100 },
    });
    const checks = verdictOf(rows, "checks");
    expect(checks.state).toBe("tied");
    expect(checks.best).toEqual(["b", "a"]);
    expect(checks.sentence).toBe(
      "B (95.0%) and A (93.0%) tie for the highest checks pass rate: no difference between them is significant (two-proportion test, Holm-corrected). C (50.0%) is significantly behind at least one of them.",
    );
    expect(verdictOf(plain, "checks")).toMatchObject({ state: "unavailable" });
  });

  it("name the best goodput when its SLO attainment is significantly ahead of every other", () => {
    const rows = withValues({
      a: { sloAttainment: 0.98, requests: 200, goodput: 4.9 },
      b: { sloAttainment: 0.6, requests: 200, goodput: 3 },
      c: { sloAttainment: 0.7, requests: 200, goodput: 3.5 },
    });
    const goodput = verdictOf(rows, "goodput");
    expect(goodput).toMatchObject({ state: "best", best: ["a"] });
    expect(goodput.sentence).toMatch(/^A \(4\.90 req\/s\) has the most requests meeting the SLO\. C \(3\.50 req\/s\) and B \(3\.00 req\/s\) are significantly behind\.$/);
  });
});

describe("topGroup", () => {
  it("keeps beside the unbeaten leader a target the leader was not shown to beat", () => {
    // a beats b, b beats c, but a and c are not told apart: c is not behind a.
    const wins = new Set(["a>b", "b>c"]);
    expect(topGroup(["a", "b", "c"], (winner, loser) => wins.has(`${winner}>${loser}`))).toEqual({ top: ["a", "c"], rest: ["b"] });
  });

  it("is everyone when nobody beats anybody", () => {
    expect(topGroup(["a", "b"], () => false)).toEqual({ top: ["a", "b"], rest: [] });
  });
});

describe("listNames", () => {
  it("joins names as a sentence does", () => {
    expect([listNames(["a"]), listNames(["a", "b"]), listNames(["a", "b", "c"])]).toEqual(["a", "a and b", "a, b and c"]);
  });
});

describe("the verdict panel", () => {
  it("shows each objective, naming a tie as a tie with the tied targets side by side", () => {
    const records = [...recordsOf("a", base), ...recordsOf("b", twin), ...recordsOf("slow", (input) => base(input) + 150)];
    const scenario = makeScenario(["a", "b", "slow"]);
    render(<VerdictPanel scenario={scenario} rows={summarize(records, ["a", "b", "slow"])} records={records} />);
    const panel = screen.getByTestId("verdict-panel");
    const latency = panel.querySelector<HTMLElement>('[data-objective="latency"]')!;
    expect(latency.dataset.state).toBe("tied");
    expect(within(latency).getByRole("heading").textContent).toBe("Fastest latency: a tie");
    expect([...latency.querySelectorAll<HTMLElement>("[data-target-id]")].map((element) => element.dataset.targetId).sort()).toEqual(["a", "b"]);
    expect(within(latency).getByText("tied")).toBeTruthy();
    // The scenario gives no prices and does not stream: no row for cost or TTFT, which it did not measure.
    expect(panel.querySelector('[data-objective="cost"]')).toBeNull();
    expect(panel.querySelector('[data-objective="ttft"]')).toBeNull();
    // The pairs behind the verdicts, one click away: 3 pairs × 3 metrics.
    expect(within(panel).queryByTestId("pairwise-matrix")).toBeNull();
    const details = within(panel).getByTestId("pairwise-details") as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event("toggle"));
    expect(within(panel).getByTestId("pairwise-matrix").querySelectorAll("tbody tr[data-pair]")).toHaveLength(9);
    expect(within(panel).getByTestId("forest-plot")).toBeTruthy();
  });

  it("is not shown for a run of one target", () => {
    const records = recordsOf("a", base);
    render(<VerdictPanel scenario={makeScenario(["a"])} rows={summarize(records, ["a"])} records={records} />);
    expect(screen.queryByTestId("verdict-panel")).toBeNull();
  });

  it("lists verdicts with the best target's colour swatch and name", () => {
    const targets = describeTargets(["fast", "slow"]);
    render(<VerdictList targets={targets} verdicts={[{ objective: "latency", title: "Fastest latency", state: "best", best: ["fast"], sentence: "fast is faster." }]} />);
    const item = screen.getByTestId("verdicts").querySelector<HTMLElement>('[data-objective="latency"]')!;
    expect(within(item).getByTestId("verdict-best").textContent).toBe("fast");
    expect(within(item).getByRole("heading").textContent).toBe("Fastest latency: one best target");
  });
});
