// What a run measures (its task's figures and its scenario's settings), and the default columns of every
// table that follow from it: a speech run leads with its real-time factor, an image run with latency per
// image, and neither opens on a TTFT, cost, pass-rate, SLO or dropped column that is "—" for every target.
import { describe, expect, it } from "vitest";
import { measuredFigures, metricsIn, type MetricView } from "../../src/core/metrics";
import { SUPPORTED_TASKS, taskDefinition } from "../../src/core/tasks";
import { bundledScenario, bundledScenarioJson, scenarioFromJson } from "./compare-fixtures";

const ids = (view: MetricView, file: string): string[] => metricsIn(view, measuredFigures(bundledScenario(file))).map((metric) => metric.id);

/** The default columns that need something a bare run of a non-streaming, unpriced scenario never has. */
const NOT_MEASURED_BY_MEDIA_RUNS = ["ttftP50Ms", "outputTokensPerSecondP50", "costPerRequestUsd", "costPer1000RequestsUsd", "runCostUsd", "checksPassRate", "sloAttainment", "goodput", "droppedRequests"];

describe("what a run measures", () => {
  it("takes each task's own figures from its definition: speech its recording, images their count, generated text its tokens", () => {
    expect(taskDefinition("automatic-speech-recognition").figures).toEqual(["inputAudio"]);
    expect(taskDefinition("text-to-image").figures).toEqual(["outputImages"]);
    expect(taskDefinition("text-to-speech").figures).toEqual(["outputAudio"]);
    expect(taskDefinition("chat-completion").figures).toEqual(["generatedTokens"]);
    // Every task says, even when it measures nothing beyond latency.
    for (const task of SUPPORTED_TASKS) expect(Array.isArray(taskDefinition(task).figures), task).toBe(true);
  });

  it("adds a stream's first token, checks, cost, an SLO and an open loop only when the scenario asks for them", () => {
    expect([...measuredFigures(bundledScenario("sandbox-speech-recognition.json"))]).toEqual(["inputAudio"]);
    expect([...measuredFigures(bundledScenario("sandbox-chat.json"))]).toEqual(["generatedTokens"]);
    expect(new Set(measuredFigures(bundledScenario("sandbox-chat-streaming.json")))).toEqual(new Set(["generatedTokens", "firstToken", "checks", "cost", "slo", "structuredOutput"]));
    const json = bundledScenarioJson("sandbox-text-to-image.json");
    const openLoop = scenarioFromJson({ ...json, run: { ...(json.run as object), load: { mode: "open", rate: 2, requests: 4 } } });
    expect(new Set(measuredFigures(openLoop))).toEqual(new Set(["outputImages", "openLoop"]));
  });
});

describe("the default columns of a run", () => {
  it("lead a speech-recognition run with its real-time factor, in every table, and leave out what it does not measure", () => {
    for (const view of ["table", "live", "cli"] as const) {
      expect(ids(view, "sandbox-speech-recognition.json"), view).toContain("realTimeFactorP50");
      for (const id of NOT_MEASURED_BY_MEDIA_RUNS) expect(ids(view, "sandbox-speech-recognition.json"), `${view} ${id}`).not.toContain(id);
    }
    expect(ids("table", "sandbox-speech-recognition.json")).toContain("audioSecondsPerSecondP50");
  });

  it("lead a text-to-image run with latency and latency per image, and show cost once a target has a price", () => {
    for (const view of ["table", "live", "cli"] as const) {
      expect(ids(view, "sandbox-text-to-image.json"), view).toEqual(expect.arrayContaining(["latencyP50Ms", "latencyPerImageP50Ms"]));
      for (const id of NOT_MEASURED_BY_MEDIA_RUNS) expect(ids(view, "sandbox-text-to-image.json"), `${view} ${id}`).not.toContain(id);
    }
    const json = bundledScenarioJson("sandbox-text-to-image.json");
    const priced = scenarioFromJson({ ...json, targets: json.targets.map((target) => ({ ...target, price: { perImage: 0.02 } })) });
    expect(metricsIn("table", measuredFigures(priced)).map((metric) => metric.id)).toEqual(expect.arrayContaining(["costPerRequestUsd", "costPer1000RequestsUsd", "runCostUsd"]));
  });

  it("keep every column a streamed, priced, checked chat run with an SLO measures, and no media column", () => {
    const chat = ids("table", "sandbox-chat-streaming.json");
    expect(chat).toEqual(expect.arrayContaining(["ttftP50Ms", "outputTokensPerSecondP50", "costPer1000RequestsUsd", "checksPassRate", "sloAttainment", "goodput"]));
    for (const id of ["realTimeFactorP50", "latencyPerImageP50Ms", "speechSecondsPerSecondP50", "droppedRequests"]) expect(chat).not.toContain(id);
  });
});
