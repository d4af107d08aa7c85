// The scenario file's format: its fields, their types, ranges and defaults, as one zod schema. What a
// field alone can say is here; what needs the task registry or several fields at once (scenario.ts) is
// not, so the scenario's types (types.ts) read from this module and from no check.
import { z } from "zod";
import { INFERENCE_PROVIDERS } from "@huggingface/inference";
import { ERROR_KINDS } from "../record";
import { normalizeHttpUrl, SANDBOX_URL_SCHEME } from "../endpoints";
import { ENDPOINT_APIS, SUPPORTED_TASKS } from "../tasks";
import { OUTPUT_LENGTH_FAMILIES, sessionInputsSchema, syntheticInputsSchema, traceInputsSchema } from "../workloads";
import { REASONING_EFFORT_FAMILIES, REASONING_EFFORT_PARAMETER, REASONING_EFFORTS } from "../workloads";
import { checkRequestParameters } from "./request-parameters";
import { expectationsSchema } from "./expectations";
import { priceSchema } from "./pricing";
import { sloSchema } from "./slo";
import { maxToolStepsSchema, toolResultsSchema } from "./tool-results";
import { findCapacitySchema } from "./capacity-slo";

export const SCENARIO_VERSION = 1;

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
    /**
     * This endpoint's Prometheus page when it is not `/metrics` at its origin (an http(s) or sandbox: URL);
     * scraped only when run.serverMetrics is set (docs/server-metrics.md).
     */
    metricsUrl: endpointUrlSchema.optional(),
    /**
     * The API an endpoint speaks (docs/endpoint-apis.md): "hf" (the default) the library's endpointUrl
     * convention, "openai" an OpenAI-compatible server's own routes, "tei" Text Embeddings Inference's.
     * Which task speaks which is the task's (scenario.ts checks it).
     */
    api: z.enum(ENDPOINT_APIS, { error: (issue) => `unknown api ${JSON.stringify(issue.input)} (known: ${ENDPOINT_APIS.join(", ")})` }).optional(),
    /**
     * How this target is asked for an answer's length (workloads/output-length.ts): "vllm" for a vLLM or
     * SGLang endpoint, which then also gets min_tokens and ignore_eos. Told from the target when left out.
     */
    outputLengthFamily: z.enum(OUTPUT_LENGTH_FAMILIES, { error: `must be one of ${OUTPUT_LENGTH_FAMILIES.join(", ")}` }).optional(),
    /**
     * How this target is asked for a reasoning effort (workloads/reasoning-effort.ts): "reasoning-object"
     * for a server that takes `reasoning: { effort }` (OpenRouter). Told from the target when left out.
     */
    reasoningEffortFamily: z.enum(REASONING_EFFORT_FAMILIES, { error: `must be one of ${REASONING_EFFORT_FAMILIES.join(", ")}` }).optional(),
  })
  .superRefine((target, context) => {
    if (target.provider === undefined && target.endpointUrl === undefined) {
      context.addIssue({ code: "custom", path: [], message: "needs provider (a Hugging Face provider) or endpointUrl (an OpenAI-compatible server)" });
    }
    if (target.provider !== undefined && target.endpointUrl !== undefined) {
      context.addIssue({ code: "custom", path: ["endpointUrl"], message: "cannot be combined with provider" });
    }
    if (target.provider !== undefined && target.metricsUrl !== undefined) {
      context.addIssue({ code: "custom", path: ["metricsUrl"], message: "only endpointUrl targets have a metrics page: a provider's servers are shared, and not ours to scrape" });
    }
    if (target.provider !== undefined && target.apiKeyEnv !== undefined) {
      context.addIssue({ code: "custom", path: ["apiKeyEnv"], message: "only endpointUrl targets take a key: provider targets use the Hugging Face token (HF_TOKEN)" });
    }
    if (target.provider !== undefined && target.api !== undefined) {
      context.addIssue({ code: "custom", path: ["api"], message: "only endpointUrl targets speak an API of their own: a provider target is called through the Hugging Face router" });
    }
  });

/**
 * One literal input, as the scenario's task takes it (src/core/tasks/<task>.ts): a prompt string, chat
 * messages, an object such as `{ question, context }`, with `{ "file": … }` for binary parts. This wide
 * shape is the type; each task's own schema checks it (scenarioSchemaFor).
 */
export const anyLiteralInputSchema = z.union([z.string(), z.record(z.string(), z.unknown())]);

const templateInputsSchema = z.strictObject({
  /** Jinja source rendered once per row of `variables`; for chat it becomes the user message. */
  template: z.string().min(1, "required"),
  /** Optional system message for chat. */
  system: z.string().optional(),
  variables: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))).min(1, "needs at least one row"),
});

/** Prompts of exact token lengths, cut from the shipped corpus when the run starts (docs/workloads.md). */
const syntheticScenarioInputsSchema = z.strictObject({ synthetic: syntheticInputsSchema });

/** Multi-turn conversations, each turn sent with the conversation before it (docs/workloads.md, "Sessions"). */
const sessionScenarioInputsSchema = z.strictObject({ sessions: sessionInputsSchema });
/** A production trace replayed at its own times, its file read when the run starts (docs/workloads.md). */
const traceScenarioInputsSchema = z.strictObject({ trace: traceInputsSchema });

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
  /** Search each target's highest level (rate in an open loop, concurrency in a closed one) that meets an SLO (capacity-slo.ts). */
  findCapacity: findCapacitySchema.optional(),
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

/** Scraping each endpoint target's Prometheus page during the run (docs/server-metrics.md, core/server-metrics). */
const serverMetricsSchema = z.strictObject({
  /** Between two scrapes of one target; a scrape also goes at the start and at the end of the run. */
  intervalMs: z.number().int().min(100, "must be at least 100").max(60_000, "must be at most 60000").default(1000),
  /** Other families kept by name (gauges and counters, label sets summed), beside the known ones. */
  names: z.array(z.string().min(1, "must not be empty").max(200)).max(50, "at most 50 names").optional(),
});

/**
 * A sweep over a request parameter (docs/workloads.md, "Reasoning effort"): one stage per level, each
 * sending the scenario's requests with the parameter at that level, at the run's load.
 */
export const parameterSweepSchema = z.strictObject({
  parameter: z.literal(REASONING_EFFORT_PARAMETER, { error: `must be "${REASONING_EFFORT_PARAMETER}" (the one parameter swept so far)` }),
  levels: z
    .array(z.enum(REASONING_EFFORTS, { error: (issue) => `unknown effort ${JSON.stringify(issue.input)} (known: ${REASONING_EFFORTS.join(", ")})` }))
    .min(1, "needs at least one level")
    .max(REASONING_EFFORTS.length)
    .refine((levels) => new Set(levels).size === levels.length, "names a level twice"),
});

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
  /** Scrape the endpoints' Prometheus pages through the run (opt-in; each target's `metricsUrl` or `/metrics` at its origin). */
  serverMetrics: serverMetricsSchema.optional(),
  /** Each level of a request parameter a stage of its own (parameterSweepSchema). */
  parameterSweep: parameterSweepSchema.optional(),
});

export function scenarioBaseSchemaWith(literalInputSchema: typeof anyLiteralInputSchema) {
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
      inputs: z.union([z.array(literalInputSchema).min(1, "needs at least one input"), templateInputsSchema, syntheticScenarioInputsSchema, sessionScenarioInputsSchema, traceScenarioInputsSchema]),
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
      /** Tool loops (tool-results.ts): canned results that answer the calls, so the conversation runs on to a final answer. */
      toolResults: toolResultsSchema.optional(),
      /** Requests one tool loop may make, the first included (DEFAULT_MAX_TOOL_STEPS when absent). */
      maxToolSteps: maxToolStepsSchema.optional(),
    });
}
