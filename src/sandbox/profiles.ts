// The sandbox's simulated providers, one per path prefix (`/fast/v1`, `/err503/v1`, …): pure data.
import type { PrefixCaching } from "./prefix-cache";
import type { ReasoningEffort } from "../core/workloads";

export const PERFORMANCE_PROFILE_NAMES = ["fast", "steady", "slow", "flaky", "instant", "exact", "batched"] as const;

export const FAULT_PROFILE_NAMES = [
  "err503",
  "err429",
  "err500",
  "reset",
  "hang",
  "trickle",
  "malformed",
  "cut",
  "sse-error",
  "huge",
  "wrongtype",
  "nocors",
  "evil",
] as const;

/** Profiles that answer requests offering tools (tool-answers.ts): well, unreliably, or not at all. */
export const TOOL_PROFILE_NAMES = ["tools", "tools-flaky", "tools-ignore"] as const;

/** Profiles that answer a json_schema response format with JSON filled from the schema (structured-answers.ts): always, or not always. */
export const STRUCTURED_PROFILE_NAMES = ["structured", "structured-flaky"] as const;

/** Profiles that remember the prompt prefixes they have seen and answer a prompt that opens with one sooner (prefix-cache.ts). */
export const CACHE_PROFILE_NAMES = ["prefix-cache"] as const;

/** Profiles that think aloud before answering, more with more reasoning effort (reasoning-answers.ts). */
export const REASONING_PROFILE_NAMES = ["reasoning", "reasoning-fast", "reasoning-deep"] as const;

export const PROFILE_NAMES = [...PERFORMANCE_PROFILE_NAMES, ...FAULT_PROFILE_NAMES, ...TOOL_PROFILE_NAMES, ...STRUCTURED_PROFILE_NAMES, ...CACHE_PROFILE_NAMES, ...REASONING_PROFILE_NAMES] as const;

export type ProfileName = (typeof PROFILE_NAMES)[number];
export type ProfileCategory = "performance" | "fault" | "tools" | "structured" | "cache" | "reasoning";

/**
 * How long a request takes. `sampled` draws a log-normal TTFT and log-normal gaps between tokens, both
 * multiplied by the server's timeScale. `fixed` is wall-clock exact and ignores timeScale: tokens are
 * spread evenly between `ttftMs` and `totalMs`, and the last byte goes out at `totalMs`.
 */
export type ProfileTiming =
  | {
      kind: "sampled";
      ttftMedianMs: number;
      /** sigma of the log-normal around the median (0 = no jitter). */
      ttftSigma: number;
      tokensPerSecond: number;
      /** sigma of the log-normal applied to each gap between tokens. */
      tokenGapSigma: number;
    }
  | { kind: "fixed"; ttftMs: number; totalMs: number };

export type HttpErrorStatus = 429 | 500 | 503;

/**
 * Errors on a fixed beat of the profile's request counter, whatever the draws: request `first` (counted
 * from 1), then every `every`-th after it, with `statuses` in turn. A demo of retries then shows
 * retries from its first requests on every seed, where draws alone may hold none for a while.
 */
export interface ErrorSchedule {
  first: number;
  every: number;
  statuses: readonly HttpErrorStatus[];
}

/** Per-request probabilities, drawn once per request from the profile's own generator. */
export interface ErrorRates {
  p503: number;
  p429: number;
  /** Value of the Retry-After header on 429 answers. */
  retryAfterSeconds: number;
  p500: number;
  /** Failures on a beat, on top of the drawn ones. */
  schedule?: ErrorSchedule;
}

/** What a fault profile always does to an answer (see openai-route.ts and task-route.ts for the wire details). */
export type Fault =
  | { kind: "reset"; afterTokens: number }
  | { kind: "hang" }
  | { kind: "trickle"; byteIntervalMs: number }
  | { kind: "malformed" }
  | { kind: "cut" }
  | { kind: "sse-error"; afterTokens: number; message: string }
  | { kind: "huge"; bodyBytes: number }
  | { kind: "wrongtype" }
  | { kind: "nocors" }
  | { kind: "evil"; payloads: readonly string[] };

export interface Profile {
  name: ProfileName;
  category: ProfileCategory;
  description: string;
  timing: ProfileTiming;
  /** Length of the generated text, in tokens, drawn uniformly; a request's max_tokens caps it. */
  outputTokens: { min: number; max: number };
  errors: ErrorRates;
  fault?: Fault;
  /**
   * Asked for JSON (`response_format`), the share of answers that are bare JSON; the others come in a
   * Markdown code fence, as real models do. 1 when absent. What a scenario's JSON checks tell apart.
   */
  jsonCompliance?: number;
  /**
   * Requests served at once at most; more wait in a first-come queue and start when one ends (their
   * whole answer, TTFT included, is timed from then). Real servers batch up to a limit, then queue:
   * this is what makes a load sweep saturate. Unlimited when absent.
   */
  capacity?: number;
  /**
   * How far its answers to the other tasks (labels, transcripts, boxes, spans) stray from the reference
   * answer every profile shares: 0 (or absent) never, 0.3 often. What agreement across targets measures.
   */
  outputNoise?: number;
  /** How it answers a chat request that offers tools; absent: it ignores them and answers in text, as before. */
  toolCalling?: ToolCalling;
  /** How it answers a chat request whose response_format carries a json_schema; absent: `{"answer": …}` as in JSON mode, whatever the schema. */
  structuredOutput?: StructuredOutputHonouring;
  /**
   * Honours vLLM's min_tokens and ignore_eos (generating past its own end to the length asked for), as a
   * vLLM server does; a profile without it takes them and answers its drawn length, as a server that
   * ignores them would. What a run of prompts of exact lengths tells apart.
   */
  honoursLengthControls?: boolean;
  /**
   * Caches prompt prefixes, as vLLM's automatic prefix caching does: a prompt's leading blocks seen before
   * (for the same model) are served from the cache, reported as usage.prompt_tokens_details.cached_tokens,
   * and TTFT falls with the cached share. Absent: nothing is cached and no cached count is reported.
   */
  prefixCache?: PrefixCaching;
  /** How it thinks before a chat answer (reasoning-answers.ts); absent: it answers at once, whatever reasoning_effort says. */
  reasoning?: ReasoningBehaviour;
}

/**
 * Per reasoning effort, the reasoning tokens a request spends (±25%, drawn per request) and its chance of
 * a right answer; the effort of a request that names none (or one it does not know).
 */
export interface ReasoningBehaviour {
  tokensByEffort: Readonly<Record<ReasoningEffort, number>>;
  accuracyByEffort: Readonly<Record<ReasoningEffort, number>>;
  defaultEffort: ReasoningEffort;
}

/**
 * Asked for a json_schema, the shares of answers cut short (not JSON) and of answers missing the schema's
 * first required property (JSON that fails the schema); the rest are filled from the schema. Drawn from
 * the request's own seed with a salt of their own (structured-answers.ts).
 */
export interface StructuredOutputHonouring {
  invalidJsonRate: number;
  missingFieldRate: number;
}

/**
 * Asked with `tools`, the shares of answers that call one (the rest answer in text), and of calls whose
 * arguments are cut short (not JSON) or that name another offered tool than the prompt asks for. Drawn
 * from the request's own seed (tool-answers.ts), so the same run gets the same calls.
 */
export interface ToolCalling {
  callRate: number;
  malformedRate: number;
  wrongToolRate: number;
  /** Asked again with a tool's result (a tool loop's later step), the share of answers that call again rather than answer in text; absent: none. */
  callAgainRate?: number;
}

const NO_ERRORS: ErrorRates = { p503: 0, p429: 0, retryAfterSeconds: 1, p500: 0 };

const STEADY_TIMING: ProfileTiming = {
  kind: "sampled",
  ttftMedianMs: 150,
  ttftSigma: 0.08,
  tokensPerSecond: 60,
  tokenGapSigma: 0.05,
};

/** Fault profiles answer quickly and without jitter: the fault is the subject, not the latency. */
const FAULT_TIMING: ProfileTiming = {
  kind: "sampled",
  ttftMedianMs: 20,
  ttftSigma: 0,
  tokensPerSecond: 200,
  tokenGapSigma: 0,
};

const TYPICAL_OUTPUT = { min: 40, max: 120 };
const FAULT_OUTPUT = { min: 12, max: 24 };

function faultProfile(name: ProfileName, description: string, fault?: Fault, errors = NO_ERRORS): Profile {
  return {
    name,
    category: "fault",
    description,
    timing: FAULT_TIMING,
    outputTokens: FAULT_OUTPUT,
    errors,
    ...(fault ? { fault } : {}),
  };
}

function toolProfile(name: ProfileName, description: string, toolCalling: ToolCalling): Profile {
  return { name, category: "tools", description, timing: STEADY_TIMING, outputTokens: TYPICAL_OUTPUT, errors: NO_ERRORS, toolCalling };
}

export const TOOL_PROFILES: Readonly<Record<(typeof TOOL_PROFILE_NAMES)[number], Profile>> = {
  tools: toolProfile("tools", "like steady; asked with tools, always calls the one the prompt names, its JSON arguments streamed in several pieces; given a tool's result, answers in text", {
    callRate: 1,
    malformedRate: 0,
    wrongToolRate: 0,
  }),
  "tools-flaky": toolProfile("tools-flaky", "like tools, but about one call in four has arguments cut short (not JSON), one in six names the wrong tool, and one answer in ten is text; given a tool's result, calls again one time in three", {
    callRate: 0.9,
    malformedRate: 0.25,
    wrongToolRate: 0.15,
    callAgainRate: 0.35,
  }),
  "tools-ignore": toolProfile("tools-ignore", "like steady; ignores tools and always answers in plain text", { callRate: 0, malformedRate: 0, wrongToolRate: 0 }),
};

function structuredProfile(name: ProfileName, description: string, structuredOutput: StructuredOutputHonouring): Profile {
  return { name, category: "structured", description, timing: STEADY_TIMING, outputTokens: TYPICAL_OUTPUT, errors: NO_ERRORS, structuredOutput };
}

export const STRUCTURED_PROFILES: Readonly<Record<(typeof STRUCTURED_PROFILE_NAMES)[number], Profile>> = {
  structured: structuredProfile("structured", "like steady; asked for a json_schema, always answers JSON filled from the schema", { invalidJsonRate: 0, missingFieldRate: 0 }),
  "structured-flaky": structuredProfile(
    "structured-flaky",
    "like structured, but about one answer in eight is cut short (not JSON) and one in five leaves out a required property",
    { invalidJsonRate: 0.125, missingFieldRate: 0.2 },
  ),
};

export const CACHE_PROFILES: Readonly<Record<(typeof CACHE_PROFILE_NAMES)[number], Profile>> = {
  "prefix-cache": {
    name: "prefix-cache",
    category: "cache",
    description:
      "TTFT ~250 ms for a prompt it has not seen, down to ~50 ms as its prefix cache serves more of the prompt (blocks of 16 words, per model, its own answers kept too); reports usage.prompt_tokens_details.cached_tokens; ~60 tok/s, serves 16 at once, honours min_tokens and ignore_eos",
    timing: { kind: "sampled", ttftMedianMs: 250, ttftSigma: 0.08, tokensPerSecond: 60, tokenGapSigma: 0.05 },
    outputTokens: TYPICAL_OUTPUT,
    errors: NO_ERRORS,
    capacity: 16,
    outputNoise: 0.08,
    honoursLengthControls: true,
    prefixCache: { blockWords: 16, maxBlocks: 65_536, prefillSaving: 0.85 },
  },
};

/** A short answer ("The answer is 42."), spelled over the tokens the plan schedules. */
const REASONING_ANSWER_TOKENS = { min: 5, max: 8 };

function reasoningProfile(name: ProfileName, description: string, timing: ProfileTiming, reasoning: ReasoningBehaviour): Profile {
  return { name, category: "reasoning", description, timing, outputTokens: REASONING_ANSWER_TOKENS, errors: NO_ERRORS, reasoning };
}

const effortTable = (none: number, minimal: number, low: number, medium: number, high: number, xhigh: number): Record<ReasoningEffort, number> => ({ none, minimal, low, medium, high, xhigh });

export const REASONING_PROFILES: Readonly<Record<(typeof REASONING_PROFILE_NAMES)[number], Profile>> = {
  reasoning: reasoningProfile(
    "reasoning",
    "thinks aloud (reasoning_content) before a short answer: ~20, 50, 120 reasoning tokens at low, medium, high effort, right 55%, 75%, 90% of the time; ~150 tok/s",
    { kind: "sampled", ttftMedianMs: 120, ttftSigma: 0.1, tokensPerSecond: 150, tokenGapSigma: 0.1 },
    { tokensByEffort: effortTable(0, 8, 20, 50, 120, 240), accuracyByEffort: effortTable(0.3, 0.4, 0.55, 0.75, 0.9, 0.95), defaultEffort: "medium" },
  ),
  "reasoning-fast": reasoningProfile(
    "reasoning-fast",
    "like reasoning at half the thinking and twice the speed, and right less often (40%, 55%, 70%)",
    { kind: "sampled", ttftMedianMs: 60, ttftSigma: 0.1, tokensPerSecond: 300, tokenGapSigma: 0.1 },
    { tokensByEffort: effortTable(0, 4, 10, 25, 60, 120), accuracyByEffort: effortTable(0.2, 0.3, 0.4, 0.55, 0.7, 0.75), defaultEffort: "medium" },
  ),
  "reasoning-deep": reasoningProfile(
    "reasoning-deep",
    "like reasoning with twice the thinking at ~100 tok/s, and right more often (70%, 88%, 97%)",
    { kind: "sampled", ttftMedianMs: 200, ttftSigma: 0.1, tokensPerSecond: 100, tokenGapSigma: 0.1 },
    { tokensByEffort: effortTable(0, 16, 40, 100, 240, 480), accuracyByEffort: effortTable(0.35, 0.5, 0.7, 0.88, 0.97, 0.99), defaultEffort: "medium" },
  ),
};

export const PROFILES: Readonly<Record<ProfileName, Profile>> = {
  fast: {
    name: "fast",
    category: "performance",
    description: "TTFT ~60 ms, ~120 tok/s; asked for JSON, half its answers come in a code fence",
    timing: { kind: "sampled", ttftMedianMs: 60, ttftSigma: 0.25, tokensPerSecond: 120, tokenGapSigma: 0.2 },
    outputTokens: TYPICAL_OUTPUT,
    errors: NO_ERRORS,
    jsonCompliance: 0.5,
    outputNoise: 0.3,
  },
  steady: {
    name: "steady",
    category: "performance",
    description: "TTFT ~150 ms, ~60 tok/s, low jitter; serves 16 at once, queues the rest; honours min_tokens and ignore_eos as vLLM does",
    timing: STEADY_TIMING,
    outputTokens: TYPICAL_OUTPUT,
    errors: NO_ERRORS,
    capacity: 16,
    outputNoise: 0.08,
    honoursLengthControls: true,
  },
  slow: {
    name: "slow",
    category: "performance",
    description: "TTFT ~400 ms, ~25 tok/s; serves 2 at once, queues the rest; asked for JSON, about one answer in seven comes in a code fence",
    timing: { kind: "sampled", ttftMedianMs: 400, ttftSigma: 0.3, tokensPerSecond: 25, tokenGapSigma: 0.25 },
    outputTokens: TYPICAL_OUTPUT,
    errors: NO_ERRORS,
    jsonCompliance: 0.85,
    capacity: 2,
    outputNoise: 0.02,
  },
  flaky: {
    name: "flaky",
    category: "performance",
    description: "like steady; its 2nd, 10th, 18th, … request fails (503, 429 with Retry-After: 1, 500 in turn), and ~8% more at random",
    timing: STEADY_TIMING,
    outputTokens: TYPICAL_OUTPUT,
    errors: { p503: 0.05, p429: 0.02, retryAfterSeconds: 1, p500: 0.01, schedule: { first: 2, every: 8, statuses: [503, 429, 500] } },
    outputNoise: 0.15,
  },
  instant: {
    name: "instant",
    category: "performance",
    description: "no injected latency (for overhead benchmarks)",
    timing: { kind: "fixed", ttftMs: 0, totalMs: 0 },
    outputTokens: TYPICAL_OUTPUT,
    errors: NO_ERRORS,
  },
  exact: {
    name: "exact",
    category: "performance",
    description: "TTFT exactly 100 ms, total exactly 300 ms, no jitter (clock accuracy)",
    timing: { kind: "fixed", ttftMs: 100, totalMs: 300 },
    outputTokens: { min: 20, max: 20 },
    errors: NO_ERRORS,
  },
  // A known capacity for the capacity search (docs/capacity.md): 2 at once for exactly 100 ms each. In a
  // closed loop of 3 every other request waits a whole turn (100 ms), of 4 every one does; an open loop
  // above 20/s queues without end.
  batched: {
    name: "batched",
    category: "performance",
    description: "TTFT exactly 5 ms, total exactly 100 ms, no jitter; serves 2 at once and queues the rest: a capacity of 2 at once, 20 requests/s",
    timing: { kind: "fixed", ttftMs: 5, totalMs: 100 },
    outputTokens: { min: 8, max: 8 },
    errors: NO_ERRORS,
    capacity: 2,
  },
  err503: faultProfile("err503", "always 503 with an OpenAI-style JSON error", undefined, { ...NO_ERRORS, p503: 1 }),
  err429: faultProfile("err429", "always 429 with Retry-After: 1", undefined, { ...NO_ERRORS, p429: 1 }),
  err500: faultProfile("err500", "always 500 with an OpenAI-style JSON error", undefined, { ...NO_ERRORS, p500: 1 }),
  reset: faultProfile("reset", "sends headers and part of the body, then resets the connection", {
    kind: "reset",
    afterTokens: 2,
  }),
  hang: faultProfile("hang", "accepts the request and never answers", { kind: "hang" }),
  trickle: faultProfile("trickle", "sends the body one byte every ~200 ms", { kind: "trickle", byteIntervalMs: 200 }),
  malformed: faultProfile("malformed", "200 application/json whose body is not valid JSON", { kind: "malformed" }),
  cut: faultProfile("cut", "event stream that ends cleanly before finish_reason and [DONE]", { kind: "cut" }),
  "sse-error": faultProfile("sse-error", "200 event stream carrying an error event after a couple of chunks", {
    kind: "sse-error",
    afterTokens: 2,
    message: "The model crashed while generating (sandbox sse-error profile)",
  }),
  huge: faultProfile("huge", "a valid answer of about 50 MB", { kind: "huge", bodyBytes: 50_000_000 }),
  wrongtype: faultProfile("wrongtype", "200 text/html with an HTML page instead of JSON", { kind: "wrongtype" }),
  nocors: faultProfile("nocors", "normal answers without any CORS header, no preflight answer", { kind: "nocors" }),
  evil: faultProfile("evil", "normal answers whose text carries HTML/script payloads (XSS tests)", {
    kind: "evil",
    payloads: [
      `<img src=x onerror="window.__evil=1">`,
      `<script>window.__evil=1</script>`,
      `[click](javascript:window.__evil=1)`,
    ],
  }),
  ...TOOL_PROFILES,
  ...STRUCTURED_PROFILES,
  ...CACHE_PROFILES,
  ...REASONING_PROFILES,
};

export function isProfileName(name: string): name is ProfileName {
  return (PROFILE_NAMES as readonly string[]).includes(name);
}
