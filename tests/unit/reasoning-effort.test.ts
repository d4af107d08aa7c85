// Reasoning effort as a scenario parameter and a sweep dimension: what each family is sent, the scenario's
// run.parameterSweep and its refusals, the stages it plans (one per level, at the run's load), what each
// stage's records say, the CLI's `--sweep reasoning_effort=…`, and the per-level table on fixture records.
import { describe, expect, it } from "vitest";
import { parseCommandLine } from "../../src/cli/args";
import { checkScenario } from "../../src/cli/scenario-check";
import { workersRefusal } from "../../src/cli/workers/workers-refusal";
import { formatParameterSweepReport } from "../../src/cli/parameter-sweep-report";
import { plannedStages, stageSummariesFor, stageRecordFields } from "../../src/core/load";
import { countPlannedRequests, resumeRefusal, targetParameters } from "../../src/core/run";
import { validateScenario, type Scenario } from "../../src/core/scenario";
import { REASONING_EFFORT_TABLE, reasoningEffortFamilyOf, withReasoningEffortAsFamily } from "../../src/core/workloads";
import { requestRecord } from "./request-record";

const BASE = {
  version: 1,
  name: "effort",
  task: "chat-completion",
  targets: [
    { id: "a", endpointUrl: "sandbox:/reasoning/v1", model: "m", price: { outputPerMillionTokens: 1_000_000 } },
    { id: "b", provider: "together", model: "acme/m" },
  ],
  inputs: ["What is 2 + 2?"],
};

function scenario(extra: Record<string, unknown> = {}): Scenario {
  const validated = validateScenario({ ...BASE, ...extra });
  if (!validated.ok) throw new Error(JSON.stringify(validated.errors));
  return validated.scenario;
}

function problems(extra: Record<string, unknown>): string[] {
  const validated = validateScenario({ ...BASE, ...extra });
  return validated.ok ? [] : validated.errors.map((error) => `${error.path}: ${error.message}`);
}

const SWEEP = { parameter: "reasoning_effort", levels: ["low", "medium", "high"] };

describe("reasoning effort per family", () => {
  it("asks the OpenAI-compatible and router families for reasoning_effort, the object family for reasoning.effort", () => {
    expect(withReasoningEffortAsFamily("openai-compatible", { reasoning_effort: "low", max_tokens: 8 })).toEqual({ reasoning_effort: "low", max_tokens: 8 });
    expect(withReasoningEffortAsFamily("hf-provider", { reasoning_effort: "low" })).toEqual({ reasoning_effort: "low" });
    expect(withReasoningEffortAsFamily("reasoning-object", { reasoning_effort: "high", max_tokens: 8 })).toEqual({ max_tokens: 8, reasoning: { effort: "high" } });
    // Parameters without an effort are passed on as they are, not copied.
    const plain = { max_tokens: 8 };
    expect(withReasoningEffortAsFamily("reasoning-object", plain)).toBe(plain);
    expect(Object.values(REASONING_EFFORT_TABLE).map((family) => family.sent)).toEqual(["`reasoning_effort: L`", "`reasoning_effort: L`", "`reasoning: { effort: L }`"]);
  });

  it("tells a target's family from how it is called, unless the target names one", () => {
    expect(reasoningEffortFamilyOf({ provider: "together" })).toBe("hf-provider");
    expect(reasoningEffortFamilyOf({})).toBe("openai-compatible");
    expect(reasoningEffortFamilyOf({ reasoningEffortFamily: "reasoning-object" })).toBe("reasoning-object");
    const object = scenario({ targets: [{ id: "o", endpointUrl: "https://openrouter.test/api/v1", model: "m", reasoningEffortFamily: "reasoning-object" }], parameters: { reasoning_effort: "medium" } });
    expect(targetParameters(object.targets[0]!, object)).toEqual({ reasoning: { effort: "medium" } });
    expect(problems({ targets: [{ id: "o", endpointUrl: "https://x.test/v1", model: "m", reasoningEffortFamily: "anthropic" }] })).toEqual([
      "targets[0].reasoningEffortFamily: must be one of openai-compatible, hf-provider, reasoning-object",
    ]);
  });
});

describe("run.parameterSweep", () => {
  it("plans a stage per level at the run's load, each setting the parameter, and counts every level's requests", () => {
    const swept = scenario({ run: { concurrency: 3, repetitions: 2, parameterSweep: SWEEP } });
    expect(plannedStages(swept).map((stage) => [stage.index, stage.label, stage.level, stage.parameters, stage.load])).toEqual([
      [0, "reasoning_effort low", "low", { reasoning_effort: "low" }, { mode: "closed", perTarget: 3, total: 3 }],
      [1, "reasoning_effort medium", "medium", { reasoning_effort: "medium" }, { mode: "closed", perTarget: 3, total: 3 }],
      [2, "reasoning_effort high", "high", { reasoning_effort: "high" }, { mode: "closed", perTarget: 3, total: 3 }],
    ]);
    expect(countPlannedRequests(swept, 1).measured).toBe(3 * 2 * 2);
    const open = scenario({ run: { load: { mode: "open", rate: 2, requests: 4 }, parameterSweep: { parameter: "reasoning_effort", levels: ["low", "high"] } } });
    expect(plannedStages(open).map((stage) => [stage.label, stage.load.mode])).toEqual([
      ["reasoning_effort low", "open"],
      ["reasoning_effort high", "open"],
    ]);
  });

  it("gives each stage's records its level, a run with a fixed effort that effort, and other runs nothing", () => {
    const fields = stageRecordFields(scenario({ run: { parameterSweep: SWEEP } }))!;
    expect([0, 1, 2].map(fields)).toEqual([{ reasoningEffort: "low" }, { reasoningEffort: "medium" }, { reasoningEffort: "high" }]);
    expect(stageRecordFields(scenario({ parameters: { reasoning_effort: "minimal" } }))!(0)).toEqual({ reasoningEffort: "minimal" });
    expect(stageRecordFields(scenario())).toBeNull();
  });

  it("refuses a second sweep, the parameter set twice, a task that is not chat, an unknown or repeated level, and a resume", () => {
    expect(problems({ run: { load: { mode: "closed", sweep: { over: "concurrency", levels: [1, 2] } }, parameterSweep: SWEEP } })).toEqual([
      "run.parameterSweep: cannot be combined with run.load.sweep: sweep one dimension at a time",
    ]);
    expect(problems({ parameters: { reasoning_effort: "low" }, run: { parameterSweep: SWEEP } })).toEqual([
      "parameters.reasoning_effort: is set by run.parameterSweep's levels: leave it out of parameters",
    ]);
    expect(problems({ task: "text-classification", targets: [{ id: "a", endpointUrl: "sandbox:/fast/v1", model: "m" }], run: { parameterSweep: SWEEP } })).toEqual([
      "run.parameterSweep: sweeps a chat request's parameter: text-classification is not a chat task",
    ]);
    expect(problems({ run: { parameterSweep: { parameter: "reasoning_effort", levels: ["low", "extreme"] } } })).toEqual([
      'run.parameterSweep.levels[1]: unknown effort "extreme" (known: none, minimal, low, medium, high, xhigh)',
    ]);
    expect(problems({ run: { parameterSweep: { parameter: "reasoning_effort", levels: ["low", "low"] } } })).toEqual(["run.parameterSweep.levels: names a level twice"]);
    expect(problems({ run: { parameterSweep: { parameter: "temperature", levels: ["low"] } } })).toEqual([
      'run.parameterSweep.parameter: must be "reasoning_effort" (the one parameter swept so far)',
    ]);
    expect(resumeRefusal(scenario({ run: { parameterSweep: SWEEP } }))).toMatch(/^run\.parameterSweep: .* cannot be resumed/);
    expect(workersRefusal(scenario({ run: { concurrency: 4, parameterSweep: SWEEP } }), 2)).toMatch(/^--workers does not go with run\.parameterSweep/);
    expect(workersRefusal(scenario({ run: { concurrency: 4 } }), 2)).toBeNull();
  });
});

describe("--sweep reasoning_effort=…", () => {
  const FILE = JSON.stringify({ ...BASE, run: { concurrency: 2 } });
  function run(...flags: string[]) {
    const parsed = parseCommandLine(["run", "s.json", ...flags], {});
    if (parsed.kind !== "run") throw new Error(parsed.kind === "error" ? parsed.message : parsed.kind);
    return checkScenario(FILE, { concurrency: undefined, repetitions: undefined, load: parsed.command.load });
  }

  it("sets run.parameterSweep and leaves the file's load as it was", () => {
    const check = run("--sweep", "reasoning_effort=low,medium,high");
    expect(check.kind === "ok" && check.scenario.run.parameterSweep).toEqual(SWEEP);
    expect(check.kind === "ok" && check.scenario.run.load).toBeUndefined();
    expect(check.kind === "ok" && check.scenario.run.concurrency).toBe(2);
  });

  it("names the field of a bad level as the file would, and refuses an empty list", () => {
    const check = run("--sweep", "reasoning_effort=low,max");
    expect(check.kind === "invalid-overrides" && check.errors.map((error) => `${error.path}: ${error.message}`)).toEqual([
      'run.parameterSweep.levels[1]: unknown effort "max" (known: none, minimal, low, medium, high, xhigh)',
    ]);
    expect(parseCommandLine(["run", "s.json", "--sweep", "reasoning_effort="], {})).toEqual({
      kind: "error",
      message: '--sweep reasoning_effort= takes a comma-separated list of levels (low,medium,high), got ""',
    });
  });
});

describe("the per-level table", () => {
  it("shows each level's answer wait, reasoning, speed, pass rate and cost per target, from the stage summaries", () => {
    const swept = scenario({ targets: [BASE.targets[0]], run: { stream: true, parameterSweep: { parameter: "reasoning_effort", levels: ["low", "high"] } } });
    const summaries = stageSummariesFor(swept);
    const record = (stage: number, inputIndex: number, answerMs: number, reasoningTokens: number, checksPassed: boolean) =>
      requestRecord({ targetId: "a", stage, inputIndex, ttftMs: 50, timeToFirstAnswerTokenMs: answerMs, latencyMs: answerMs + 100, reasoningTokens, outputTokens: reasoningTokens + 10, checksPassed, reasoningEffort: stage === 0 ? "low" : "high" });
    for (const fixture of [record(0, 0, 200, 20, false), record(0, 1, 300, 30, true), record(1, 0, 900, 120, true), record(1, 1, 1100, 140, true)]) summaries.add(fixture);
    const report = formatParameterSweepReport(swept, plannedStages(swept), summaries, { runId: "r", scenarioName: "effort", targetLabel: (id) => id })!;
    const lines = report.text.split("\n");
    expect(lines[0]).toBe("Per level of reasoning_effort (docs/workloads.md, Reasoning effort):");
    expect(lines[1]).toMatch(/^reasoning_effort +target +n +Answer TTFT p50 ms +Reasoning tok mean tok +Output p50 tok\/s +Pass rate % +Cost\/req USD$/);
    expect(lines[3]!.split(/ {2,}/)).toEqual(["low", "a", "2", "250", "25.0", expect.any(String), "50.0", "35.0"]);
    expect(lines[4]!.split(/ {2,}/)).toEqual(["high", "a", "2", "1,000", "130", expect.any(String), "100.0", "140"]);
    expect(report.json.levels.map((level) => [level.stage, level.level, level.targets.length])).toEqual([
      [0, "low", 1],
      [1, "high", 1],
    ]);
    expect(formatParameterSweepReport(scenario(), plannedStages(scenario()), summaries, { runId: "r", scenarioName: "effort", targetLabel: (id) => id })).toBeNull();
  });
});
