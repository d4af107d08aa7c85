// Scenario files: the versioned JSON format, its validation (errors name the field path) and defaults.
import { z } from "zod";
import { INFERENCE_PROVIDERS } from "@huggingface/inference";
import { ERROR_KINDS } from "../record/record";
import { normalizeHttpUrl } from "../http/http-url";
import { checkRequestParameters } from "./request-parameters";
import { expectationInputs, expectationName, expectationsSchema } from "./expectations";
import { findTaskDefinition, taskDefinition } from "../tasks/registry";
import type { ChatMessage } from "../tasks/chat-completion";
import { inapplicablePriceParts, priceSchema } from "./pricing";
import { sloSchema } from "./slo";
import { SUPPORTED_TASKS, type Task } from "../tasks/task-ids";
import { SANDBOX_URL_SCHEME } from "./scenario-target";
import { formatPath } from "../text/field-path";

export const SCENARIO_VERSION = 1;

export { SUPPORTED_TASKS, type Task } from "../tasks/task-ids";

/** Tasks whose responses can be streamed token by token. */
export const STREAMING_TASKS: readonly Task[] = SUPPORTED_TASKS.filter((task) => taskDefinition(task).streams);

export { SANDBOX_URL_SCHEME, isProviderTarget } from "./scenario-target";
export { formatPath } from "../text/field-path";

const TARGET_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

const targetIdSchema = z
  .string({ error: "required" })
  .regex(TARGET_ID_PATTERN, "must be 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit");

/**
 * Normalised here, once: the parsed scenario holds the address exactly as the library recognises it
 * (see http-url.ts), so what was validated is what is called.
 */
const endpointUrlSchema = z.string().transform((value, context) => {
  const trimmed = value.trim();
  if (trimmed.toLowerCase().startsWith(`${SANDBOX_URL_SCHEME}/`)) return `${SANDBOX_URL_SCHEME}${trimmed.slice(SANDBOX_URL_SCHEME.length)}`;
  const checked = normalizeHttpUrl(trimmed);
  if (checked.ok) return checked.url;
  context.addIssue({
    code: "custom",
    message: checked.reason === "not-http" ? "must be an http(s) URL or a sandbox:/<profile>/v1 URL" : checked.message,
  });
  return z.NEVER;
});

/**
 * Why `name` is not the name of an environment variable that holds a key, or null when it is. A scenario
 * is shared, a key is not: what looks like a token (an `hf_` prefix, a long run without underscores) is
 * refused as a likely pasted key, and the message never repeats it.
 */
export function keyVariableNameProblem(name: string): string | null {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,127}$/.test(name)) return "must be the name of an environment variable (letters, digits, _), never the key itself";
  if (/^hf_/i.test(name) || /[A-Za-z0-9]{24,}/.test(name)) return "looks like a key: give the name of the environment variable that holds it (e.g. VLLM_KEY)";
  return null;
}

const apiKeyEnvSchema = z.string().superRefine((name, context) => {
  const problem = keyVariableNameProblem(name);
  if (problem !== null) context.addIssue({ code: "custom", message: problem });
});

/**
 * An origin (`https://host[:port]`, nothing after it) whose files a target's answers may point to. A
 * scenario comes from anywhere: the origin is named exactly, never a pattern.
 */
const answerUrlOriginSchema = z.string().superRefine((origin, context) => {
  let parsed: URL | null;
  try {
    parsed = new URL(origin);
  } catch {
    parsed = null;
  }
  if (parsed === null || (parsed.protocol !== "http:" && parsed.protocol !== "https:") || parsed.origin !== origin) {
    context.addIssue({ code: "custom", message: "must be an http(s) origin, scheme and host only (e.g. https://replicate.delivery)" });
  }
});

const providerSchema = z.enum([...INFERENCE_PROVIDERS, "auto"], {
  error: (issue) =>
    `unknown provider ${JSON.stringify(issue.input)} (known: ${[...INFERENCE_PROVIDERS, "auto"].join(", ")})`,
});

/**
 * One object with both optional keys rather than a union of two shapes, so that a target missing both
 * gets one plain error instead of two branches' worth of guesses.
 */
const targetSchema = z
  .strictObject({
    id: targetIdSchema,
    label: z.string().optional(),
    /** A Hugging Face Inference Provider, called through the router with the HF token. */
    provider: providerSchema.optional(),
    /**
     * Any server speaking the task's route: OpenAI-compatible for chat and completions (llama.cpp, vLLM,
     * TGI, Ollama), the Hugging Face task route for the others (TEI, hf-inference-style endpoints); the sandbox.
     */
    endpointUrl: endpointUrlSchema.optional(),
    model: z.string({ error: "required" }).min(1, "required"),
    /** What this target charges, in US dollars (pricing.ts): the summary's cost figures. */
    price: priceSchema.optional(),
    /**
     * The environment variable an endpoint's key is usually kept in; never the key. A request, not a grant:
     * the command line sends it only when the person running grants it (`--key <id>=<ENV>`, cli/endpoint-keys.ts).
     */
    apiKeyEnv: apiKeyEnvSchema.optional(),
    /**
     * Origins besides the answering one whose files an answer may point to and have fetched (a provider's
     * file host for text-to-image): any other is refused (answer-urls.ts). Fetched without a credential.
     */
    answerUrlOrigins: z.array(answerUrlOriginSchema).optional(),
  })
  .superRefine((target, context) => {
    if (target.provider === undefined && target.endpointUrl === undefined) {
      context.addIssue({ code: "custom", path: [], message: "needs provider (a Hugging Face provider) or endpointUrl (an OpenAI-compatible server)" });
    }
    if (target.provider !== undefined && target.endpointUrl !== undefined) {
      context.addIssue({ code: "custom", path: ["endpointUrl"], message: "cannot be combined with provider" });
    }
    if (target.provider !== undefined && target.apiKeyEnv !== undefined) {
      context.addIssue({ code: "custom", path: ["apiKeyEnv"], message: "only endpointUrl targets take a key: provider targets use the Hugging Face token (HF_TOKEN)" });
    }
  });

/**
 * One literal input, as the scenario's task takes it (src/core/tasks/<task>.ts): a prompt string, chat
 * messages, an object such as `{ question, context }`, with `{ "file": … }` for binary parts. This wide
 * shape is the type; each task's own schema checks it (scenarioSchemaFor).
 */
const anyLiteralInputSchema = z.union([z.string(), z.record(z.string(), z.unknown())]);

const templateInputsSchema = z.strictObject({
  /** Jinja source rendered once per row of `variables`; for chat it becomes the user message. */
  template: z.string().min(1, "required"),
  /** Optional system message for chat. */
  system: z.string().optional(),
  variables: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))).min(1, "needs at least one row"),
});

const retrySchema = z.strictObject({
  /** Total attempts per request, first one included: 1 means no retry. */
  maxAttempts: z.number().int().min(1).max(10).default(1),
  baseDelayMs: z.number().int().min(0).max(60_000).default(500),
  maxDelayMs: z.number().int().min(0).max(300_000).default(20_000),
  retryOn: z.array(z.enum(ERROR_KINDS)).default(["rate_limited", "http_5xx", "network"]),
});

// Load models (src/core/load, docs/metrics.md "Load"): a closed loop keeps `concurrency` requests in
// flight; an open loop sends at a rate whatever the provider does. Each may sweep a list of levels.
const SWEEP_LEVELS_MAX = 64;

const sweepSchema = z.union([
  z.strictObject({
    over: z.literal("concurrency"),
    levels: z.array(z.number().int().min(1, "must be at least 1").max(1024)).min(1, "needs at least one level").max(SWEEP_LEVELS_MAX),
  }),
  z.strictObject({
    over: z.literal("rate"),
    levels: z.array(z.number().positive("must be positive").max(100_000)).min(1, "needs at least one level").max(SWEEP_LEVELS_MAX),
  }),
  z.strictObject({
    /** A synchronous pass (concurrency 1), a maximum-throughput pass (run.concurrency), then `rates` open-loop rates evenly between. */
    over: z.literal("auto"),
    rates: z.number().int().min(1, "must be at least 1").max(32).default(4),
  }),
]);

/** How long one stage lasts: `requests` arrivals (per target), or `durationMs`; neither means the scenario's inputs × repetitions. */
const stageSizeFields = {
  durationMs: z.number().int().min(1, "must be positive").max(24 * 3_600_000).optional(),
  requests: z.number().int().min(1, "must be at least 1").max(10_000_000).optional(),
  sweep: sweepSchema.optional(),
  /** In a sweep, stop sending to a target once it is judged saturated (docs/metrics.md). */
  stopWhenSaturated: z.boolean().default(false),
};

export const loadSchema = z.discriminatedUnion(
  "mode",
  [
    z.strictObject({ mode: z.literal("closed"), ...stageSizeFields }),
    z.strictObject({
      mode: z.literal("open"),
      /** Arrivals per second, per target (or for the whole run with `per: "run"`); a rate sweep gives its own. */
      rate: z.number().positive("must be positive").max(100_000).optional(),
      per: z.enum(["target", "run"]).default("target"),
      arrival: z.enum(["constant", "poisson", "gamma"]).default("poisson"),
      /** Gamma arrivals' shape: below 1 burstier than Poisson, above 1 more even. */
      burstiness: z.number().positive("must be positive").max(1000).optional(),
      /** Requests of one target in flight at most; arrivals beyond wait in its queue. */
      maxInFlight: z.number().int().min(1, "must be at least 1").max(100_000).optional(),
      /** Arrivals of one target waiting at most; one more is recorded as dropped. Unbounded by default. */
      maxQueue: z.number().int().min(0, "must be 0 or more").max(10_000_000).optional(),
      /** Seeds the arrival times: the same seed, the same schedule. */
      seed: z.number().int().min(0).max(2 ** 32 - 1).default(1),
      ...stageSizeFields,
    }),
  ],
  { error: 'must have mode "closed" or "open"' },
);

const runSchema = z.strictObject({
  repetitions: z.number().int().min(1, "must be at least 1").max(1_000_000).default(1),
  /** Warm-up requests per target, sent before the measured ones and left out of statistics. */
  warmup: z.number().int().min(0, "must be 0 or more").max(1000).default(0),
  concurrency: z.number().int().min(1, "must be at least 1").max(1024).default(1),
  /** Defaults to `concurrency`: no target may hold more than this many requests in flight. */
  perTargetConcurrency: z.number().int().min(1, "must be at least 1").max(1024).optional(),
  timeoutMs: z.number().int().min(1, "must be positive").max(3_600_000).default(60_000),
  stream: z.boolean().default(false),
  /** Decoded bytes of one response at most (default 64 MiB): past it the record is an error, reading stops. */
  maxResponseBytes: z.number().int().min(1024, "must be at least 1024").max(1024 ** 3, "must be at most 1 GiB").optional(),
  /** Characters of output a record keeps (default 262144); a longer output is cut and flagged `truncated`. */
  maxOutputChars: z.number().int().min(0, "must be 0 or more").max(64 * 1024 * 1024).optional(),
  retry: retrySchema.default({ maxAttempts: 1, baseDelayMs: 500, maxDelayMs: 20_000, retryOn: ["rate_limited", "http_5xx", "network"] }),
  /** Closed loop (the default: `concurrency` in flight) or open loop (a rate); see loadSchema. */
  load: loadSchema.optional(),
});

function scenarioBaseSchemaWith(literalInputSchema: typeof anyLiteralInputSchema) {
  return z
    .strictObject({
      version: z.literal(SCENARIO_VERSION, { error: `must be ${SCENARIO_VERSION}` }),
      name: z.string({ error: "required" }).min(1, "required"),
      description: z.string().optional(),
      task: z.string({ error: "required" }).refine((task) => (SUPPORTED_TASKS as readonly string[]).includes(task), {
        message: `not supported yet (supported: ${SUPPORTED_TASKS.join(", ")})`,
      }),
      targets: z
        .array(targetSchema)
        .min(1, "needs at least one target"),
      inputs: z.union([z.array(literalInputSchema).min(1, "needs at least one input"), templateInputsSchema]),
      /** Passed to the provider as-is (max_tokens, temperature, …); never routing or credentials. */
      parameters: z
        .record(z.string(), z.unknown())
        .default({})
        .superRefine((parameters, context) => {
          for (const problem of checkRequestParameters(parameters)) context.addIssue({ code: "custom", path: problem.path, message: problem.message });
        }),
      run: runSchema.default(() => runSchema.parse({})),
      /** Checks of the outputs, per input (expectations.ts): the pass rate. */
      expectations: expectationsSchema.optional(),
      /** Service-level objectives (slo.ts): SLO attainment and goodput. */
      slo: sloSchema.optional(),
    });
}

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
      checkLoad(scenario.run.load, context);
      checkTaskSettings(scenario, context);
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
  if (Array.isArray(scenario.inputs)) return;
  if (!definition.acceptsText) {
    context.addIssue({ code: "custom", path: ["inputs", "template"], message: `${scenario.task} takes inputs written out one by one (objects, files), not a template` });
  } else if (scenario.inputs.system !== undefined && definition.libraryTask !== "conversational") {
    context.addIssue({ code: "custom", path: ["inputs", "system"], message: "only chat tasks have a system message" });
  }
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
  const inputCount = Array.isArray(scenario.inputs) ? scenario.inputs.length : scenario.inputs.variables.length;
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
  if (scenario.slo?.checksPassed === true && expectations.length === 0) {
    context.addIssue({ code: "custom", path: ["slo", "checksPassed"], message: "needs expectations to check" });
  }
}

/** What one field alone cannot say: which settings go together. */
function checkLoad(load: z.output<typeof loadSchema> | undefined, context: z.RefinementCtx): void {
  if (load === undefined) return;
  const at = (...path: (string | number)[]): (string | number)[] => ["run", "load", ...path];
  if (load.durationMs !== undefined && load.requests !== undefined) {
    context.addIssue({ code: "custom", path: at("requests"), message: "give durationMs or requests, not both" });
  }
  const over = load.sweep?.over;
  if (load.mode === "closed" && (over === "rate" || over === "auto")) {
    context.addIssue({ code: "custom", path: at("sweep", "over"), message: `a ${over} sweep runs an open loop: needs mode "open"` });
  }
  if (load.mode === "open" && over === "concurrency") {
    context.addIssue({ code: "custom", path: at("sweep", "over"), message: 'a concurrency sweep runs a closed loop: needs mode "closed"' });
  }
  if (load.mode !== "open") return;
  if (load.rate === undefined && over !== "rate" && over !== "auto") {
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

export type Scenario = Omit<z.output<typeof scenarioSchema>, "task"> & { task: Task };
export type ScenarioTarget = Scenario["targets"][number];
export type ProviderTarget = ScenarioTarget & { provider: NonNullable<ScenarioTarget["provider"]> };
export type RunSettings = Scenario["run"];
export type RetryPolicy = RunSettings["retry"];
export type LoadSettings = NonNullable<RunSettings["load"]>;
export type OpenLoadSettings = Extract<LoadSettings, { mode: "open" }>;
export type SweepSettings = NonNullable<LoadSettings["sweep"]>;
export type { ChatMessage };

export interface ScenarioError {
  /** Dotted path with indexes, e.g. `targets[1].model`; empty for the file as a whole. */
  path: string;
  message: string;
}

export type ScenarioParseResult = { ok: true; scenario: Scenario } | { ok: false; errors: ScenarioError[] };

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
