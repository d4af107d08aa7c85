// Scenario files: the versioned JSON format (schema.ts), its validation (errors name the field path) and defaults.
import { z } from "zod";
import { expectationInputs, expectationName } from "./expectations";
import { endpointApisOf, findTaskDefinition, taskDefinition, SUPPORTED_TASKS, type Task } from "../tasks";
import { inapplicablePriceParts } from "./pricing";
import { parseCapacitySlo } from "./capacity-slo";
import { formatPath } from "../text";
import { anyLiteralInputSchema, scenarioBaseSchemaWith, type loadSchema } from "./schema";
import { checkServerMetrics } from "./server-metrics-settings";
import { checkParameterSweep } from "./parameter-sweep";
import { isSyntheticInputs, syntheticInputProblems } from "./synthetic-inputs";
import { toolLoopProblems } from "./tool-results";
import { isSessionInputs, sessionInputProblems } from "./session-inputs";
import { isTraceInputs, traceInputProblems } from "./trace-replay-inputs";
import type { Scenario, ScenarioError, ScenarioParseResult } from "./types";

/** Tasks whose responses can be streamed token by token. */
export const STREAMING_TASKS: readonly Task[] = SUPPORTED_TASKS.filter((task) => taskDefinition(task).streams);

function scenarioSchemaWith(literalInputSchema: typeof anyLiteralInputSchema) {
  return scenarioBaseSchemaWith(literalInputSchema)
    .superRefine(checkValueSettings)
    .superRefine((scenario, context) => {
      const seen = new Map<string, number>();
      scenario.targets.forEach((target, index) => {
        const first = seen.get(target.id);
        if (first !== undefined) {
          context.addIssue({ code: "custom", path: ["targets", index, "id"], message: `duplicate id "${target.id}" (also targets[${first}])` });
        } else {
          seen.set(target.id, index);
        }
      });
      if (scenario.run.stream && !(STREAMING_TASKS as readonly string[]).includes(scenario.task)) {
        context.addIssue({ code: "custom", path: ["run", "stream"], message: `${scenario.task} cannot stream` });
      }
      if (scenario.run.retry.maxDelayMs < scenario.run.retry.baseDelayMs) {
        context.addIssue({ code: "custom", path: ["run", "retry", "maxDelayMs"], message: "must be at least baseDelayMs" });
      }
      checkLoad(scenario.run.load, context, isTraceInputs(scenario.inputs));
      checkTaskSettings(scenario, context);
      checkServerMetrics(scenario, context);
      for (const problem of toolLoopProblems(scenario)) context.addIssue({ code: "custom", ...problem });
      checkParameterSweep(scenario, context);
    });
}

/** The scenario whose inputs are not checked against a task (a task ProviderBench does not run is refused by name). */
const scenarioSchema = scenarioSchemaWith(anyLiteralInputSchema);
const scenarioSchemasByTask = new Map<string, typeof scenarioSchema>();

/** The schema whose inputs are the task's own: an input's error is named where it is (inputs[2].context). */
function scenarioSchemaFor(task: unknown): typeof scenarioSchema {
  const definition = typeof task === "string" ? findTaskDefinition(task) : undefined;
  if (definition === undefined) return scenarioSchema;
  let schema = scenarioSchemasByTask.get(definition.id);
  if (schema === undefined) {
    // The task's schema in place of the wide one: its output is one of the wide shapes.
    schema = scenarioSchemaWith(definition.input as typeof anyLiteralInputSchema);
    scenarioSchemasByTask.set(definition.id, schema);
  }
  return schema;
}

type ScenarioShape = z.output<ReturnType<typeof scenarioBaseSchemaWith>>;

/**
 * What the task says of the rest: templates, system messages. Which provider serves it is asked of the
 * library in validateScenario (scenario-file.ts): its provider helpers must stay off the first screen.
 */
function checkTaskSettings(scenario: ScenarioShape, context: z.core.$RefinementCtx<ScenarioShape>): void {
  const definition = findTaskDefinition(scenario.task);
  if (definition === undefined) return;
  checkTargetApis(scenario, endpointApisOf(definition), context);
  if (Array.isArray(scenario.inputs)) return;
  if (isSyntheticInputs(scenario.inputs)) {
    for (const problem of syntheticInputProblems({ ...scenario, inputs: scenario.inputs })) context.addIssue({ code: "custom", ...problem });
    return;
  }
  if (isSessionInputs(scenario.inputs)) {
    for (const problem of sessionInputProblems({ ...scenario, inputs: scenario.inputs })) context.addIssue({ code: "custom", ...problem });
    return;
  }
  if (isTraceInputs(scenario.inputs)) {
    for (const problem of traceInputProblems({ ...scenario, inputs: scenario.inputs })) context.addIssue({ code: "custom", ...problem });
    return;
  }
  if (!definition.acceptsText) {
    context.addIssue({ code: "custom", path: ["inputs", "template"], message: `${scenario.task} takes inputs written out one by one (objects, files), not a template` });
  } else if (scenario.inputs.system !== undefined && definition.libraryTask !== "conversational") {
    context.addIssue({ code: "custom", path: ["inputs", "system"], message: "only chat tasks have a system message" });
  }
}

/** Each endpoint target's `api` against the APIs the task speaks (docs/endpoint-apis.md). */
function checkTargetApis(scenario: ScenarioShape, spoken: readonly string[], context: z.core.$RefinementCtx<ScenarioShape>): void {
  scenario.targets.forEach((target, index) => {
    if (target.api === undefined || spoken.includes(target.api)) return;
    context.addIssue({ code: "custom", path: ["targets", index, "api"], message: `${target.api} does not serve ${scenario.task} (it speaks: ${spoken.join(", ")})` });
  });
}

/** Prices, expectations and SLOs against the rest of the scenario: the task, the inputs, streaming. */
function checkValueSettings(scenario: ScenarioShape, context: z.core.$RefinementCtx<ScenarioShape>): void {
  scenario.targets.forEach((target, targetIndex) => {
    if (target.price === undefined) return;
    for (const { part, message } of inapplicablePriceParts(scenario.task, target.price)) {
      context.addIssue({ code: "custom", path: ["targets", targetIndex, "price", part], message });
    }
  });
  const expectations = scenario.expectations ?? [];
  if (expectations.length > 0 && findTaskDefinition(scenario.task)?.textOutput === false) {
    context.addIssue({ code: "custom", path: ["expectations"], message: `${scenario.task} outputs are not text: no check applies` });
  }
  const inputCount = inputCountOf(scenario.inputs);
  const names = new Map<string, number>();
  expectations.forEach((expectation, index) => {
    const name = expectationName(expectation, index);
    const first = names.get(name);
    if (first !== undefined) context.addIssue({ code: "custom", path: ["expectations", index, "name"], message: `duplicate name "${name}" (also expectations[${first}])` });
    else names.set(name, index);
    const selected = expectationInputs(expectation) ?? [];
    selected.forEach((inputIndex, position) => {
      if (inputIndex < inputCount) return;
      const path = typeof expectation.input === "number" ? ["expectations", index, "input"] : ["expectations", index, "input", position];
      context.addIssue({ code: "custom", path, message: `no input ${inputIndex}: the scenario has ${inputCount} input${inputCount === 1 ? "" : "s"} (numbered from 0)` });
    });
  });
  if (scenario.slo?.maxTtftMs !== undefined && !scenario.run.stream) {
    context.addIssue({ code: "custom", path: ["slo", "maxTtftMs"], message: "needs run.stream: true (only a streamed answer has a time to first token)" });
  }
  if (!scenario.run.stream && capacityNeedsStream(scenario.run.load?.findCapacity?.slo)) {
    context.addIssue({ code: "custom", path: ["run", "load", "findCapacity", "slo"], message: "needs run.stream: true (only a streamed answer has a time to first token and gaps between tokens)" });
  }
  if (scenario.slo?.checksPassed === true && expectations.length === 0) {
    context.addIssue({ code: "custom", path: ["slo", "checksPassed"], message: "needs expectations to check" });
  }
}

/** Inputs an expectation may name; a trace's are counted only when its file is read, so any index may be one. */
function inputCountOf(inputs: ScenarioShape["inputs"]): number {
  if (Array.isArray(inputs)) return inputs.length;
  if (isSyntheticInputs(inputs)) return inputs.synthetic.count;
  if (isSessionInputs(inputs)) return sessionTurnCount(inputs.sessions);
  if (isTraceInputs(inputs)) return Number.POSITIVE_INFINITY;
  return inputs.variables.length;
}

/** What one field alone cannot say: which settings go together. */
function checkLoad(load: z.output<typeof loadSchema> | undefined, context: z.RefinementCtx, tracePaced: boolean): void {
  if (load === undefined) return;
  const at = (...path: (string | number)[]): (string | number)[] => ["run", "load", ...path];
  if (load.durationMs !== undefined && load.requests !== undefined) {
    context.addIssue({ code: "custom", path: at("requests"), message: "give durationMs or requests, not both" });
  }
  const over = load.sweep?.over;
  if (load.findCapacity !== undefined && over !== undefined) {
    context.addIssue({ code: "custom", path: at("findCapacity"), message: "a capacity search picks its own levels: leave sweep out" });
  }
  if (load.mode === "closed" && (over === "rate" || over === "auto")) {
    context.addIssue({ code: "custom", path: at("sweep", "over"), message: `a ${over} sweep runs an open loop: needs mode "open"` });
  }
  if (load.mode === "open" && over === "concurrency") {
    context.addIssue({ code: "custom", path: at("sweep", "over"), message: 'a concurrency sweep runs a closed loop: needs mode "closed"' });
  }
  if (load.mode !== "open") return;
  if (load.findCapacity !== undefined) return checkFindCapacity(load, context);
  // A trace's own times pace it (trace-replay-inputs.ts): its open load only caps it.
  if (load.rate === undefined && over !== "rate" && over !== "auto" && !tracePaced) {
    context.addIssue({ code: "custom", path: at("rate"), message: "required for an open loop (or sweep over rate or auto)" });
  }
  if (load.rate !== undefined && (over === "rate" || over === "auto")) {
    context.addIssue({ code: "custom", path: at("rate"), message: `the ${over} sweep sets the rates: leave rate out` });
  }
  if (load.burstiness !== undefined && load.arrival !== "gamma") {
    context.addIssue({ code: "custom", path: at("burstiness"), message: 'only gamma arrivals have a burstiness: set arrival "gamma"' });
  }
  if (load.maxQueue !== undefined && load.maxInFlight === undefined) {
    context.addIssue({ code: "custom", path: at("maxQueue"), message: "a queue needs a cap: set maxInFlight too" });
  }
  if (over === "auto" && load.per === "run") {
    context.addIssue({ code: "custom", path: at("per"), message: "an auto sweep finds each target's own rates: per must be target" });
  }
}

/** Whether a capacity search's objectives name a time only a stream has (TTFT, ITL, the second token). */
function capacityNeedsStream(spec: string | undefined): boolean {
  if (spec === undefined) return false;
  const parsed = parseCapacitySlo(spec);
  return "objectives" in parsed && parsed.objectives.some((objective) => objective.kind === "percentile" && objective.metric !== "latencyMs" && objective.metric !== "effectiveLatencyMs");
}

/** An open loop's capacity search sets each target's rate: the file gives none, and each target has its own. */
function checkFindCapacity(load: Extract<z.output<typeof loadSchema>, { mode: "open" }>, context: z.RefinementCtx): void {
  const at = (...path: (string | number)[]): (string | number)[] => ["run", "load", ...path];
  if (load.rate !== undefined) context.addIssue({ code: "custom", path: at("rate"), message: "the capacity search sets the rates: leave rate out" });
  if (load.per === "run") context.addIssue({ code: "custom", path: at("per"), message: "a capacity search finds each target's own rate: per must be target" });
}

/**
 * The file's fields and values, with defaults applied, without rendering its templates: enough to list
 * a scenario the app ships, and cheap enough for the first screen, which then needs no template engine.
 * Anything about to run goes through validateScenario (the run's preflight expands the inputs too).
 */
export function checkScenarioShape(input: unknown): ScenarioParseResult {
  // reportInput lets a missing field ("required") be told apart from a wrong type.
  const task = typeof input === "object" && input !== null ? (input as { task?: unknown }).task : undefined;
  const result = scenarioSchemaFor(task).safeParse(input, { reportInput: true });
  if (result.success) return { ok: true, scenario: result.data as Scenario };
  return { ok: false, errors: result.error.issues.flatMap((issue) => issueToErrors(issue)) };
}

export function formatScenarioErrors(errors: ScenarioError[]): string {
  return errors.map((error) => (error.path ? `${error.path}: ${error.message}` : error.message)).join("\n");
}

function issueToErrors(issue: z.core.$ZodIssue, parentPath: readonly PropertyKey[] = []): ScenarioError[] {
  const fullPath = [...parentPath, ...issue.path];
  const path = formatPath(fullPath);
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({ path: formatPath([...fullPath, key]), message: "unknown field" }));
  }
  if (issue.code === "invalid_union") {
    const branch = closestUnionBranch(issue);
    return branch ? branch.flatMap((branchIssue) => issueToErrors(branchIssue, fullPath)) : [{ path, message: issue.message }];
  }
  if (issue.code === "invalid_type" && issue.input === undefined) {
    return [{ path, message: "required" }];
  }
  return [{ path, message: issue.message }];
}

/**
 * A union failure carries what every branch said. Report the branch the input was meant for: one whose
 * type matched (its issues are deeper than a root type mismatch), and of those the one with fewest issues.
 * Branch issue paths are relative to the union.
 */
function closestUnionBranch(issue: z.core.$ZodIssueInvalidUnion): z.core.$ZodIssue[] | undefined {
  const typeMatched = issue.errors.filter(
    (branch) => branch.length > 0 && !(branch.length === 1 && branch[0]!.code === "invalid_type" && branch[0]!.path.length === 0),
  );
  const candidates = typeMatched.length > 0 ? typeMatched : issue.errors.filter((branch) => branch.length > 0);
  if (candidates.length === 0) return undefined;
  return candidates.reduce((fewest, branch) => (branch.length < fewest.length ? branch : fewest));
}

/** The run's inputs with sessions: every synthetic turn (a file's sessions count one each until it is read). */
function sessionTurnCount(sessions: { count: number; synthetic?: { turns: number } | undefined }): number {
  return sessions.count * (sessions.synthetic?.turns ?? 1);
}
