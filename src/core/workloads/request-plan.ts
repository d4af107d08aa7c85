// The requests a workload sends, made before the run starts: a prompt of exactly the length drawn (or
// the trace's), the answer length to ask for, and for a trace when to send it. The runner sends these
// as they are; nothing here runs on a request's path.
import { mulberry32, type Random } from "../random";
import type { IndexedCorpus } from "./corpus";
import { createPromptBuilder } from "./prompt-builder";
import { cacheProbeAt, type CacheProbe, type SyntheticInputs } from "./synthetic-inputs";
import { sampleLength } from "./token-length";
import type { Tokenizer } from "./tokenizer";
import type { TraceRequest } from "./trace";

export interface RequestSpec {
  /** When to send it, in milliseconds from the run's start: a trace's requests; synthetic ones follow the scenario's load. */
  atMs?: number;
  prompt: string;
  /** The prompt's tokens under the plan's tokenizer: exactly this many. */
  inputTokens: number;
  /** The answer's tokens asked for (output-length.ts says how, per provider family). */
  requestedOutputTokens: number;
  /** A trace's hash ids this prompt's leading blocks stand for (those its length covers). */
  prefixHashIds?: number[];
  /** With inputs.synthetic.prefixCache: whether its prefix may be served from a cache (warm) or sits behind a line of its own (cold). */
  cacheProbe?: CacheProbe;
}

export interface WorkloadPlan {
  /** Recorded with the run: the tokenizer the lengths were counted in, and the corpus the prompts came from. */
  tokenizerId: string;
  corpusId: string;
  requests: RequestSpec[];
  /**
   * How often the corpus's word starts were all used (0 normally): past 0, some prompts open where
   * earlier ones did, and a prefix cache may find text they share. A larger corpus, or fewer prompts, avoids it.
   */
  startRounds: number;
}

/** Independent generators from one seed: changing how many draws one makes never shifts another's. */
function childSeeds(seed: number, count: number): number[] {
  const parent = mulberry32(seed);
  return Array.from({ length: count }, () => Math.floor(parent() * 2 ** 32) >>> 0);
}

/** One synthetic request's lengths: the prompt's tokens and the answer's tokens asked for. */
export type SyntheticLengths = Pick<RequestSpec, "inputTokens" | "requestedOutputTokens">;

/**
 * Every request's lengths, drawn from the seed alone, without a tokenizer or the corpus: what a scenario
 * shows before its run builds the prompts (validation, the run's plan), and what the plan builds them to.
 */
export function drawSyntheticLengths(settings: Pick<SyntheticInputs, "inputTokens" | "outputTokens" | "seed" | "count">): SyntheticLengths[] {
  const [inputSeed, outputSeed] = childSeeds(settings.seed, 3) as [number, number, number];
  const inputRandom: Random = mulberry32(inputSeed);
  const outputRandom: Random = mulberry32(outputSeed);
  const lengths: SyntheticLengths[] = [];
  for (let index = 0; index < settings.count; index++) {
    lengths.push({ inputTokens: sampleLength(settings.inputTokens, inputRandom), requestedOutputTokens: sampleLength(settings.outputTokens, outputRandom) });
  }
  return lengths;
}

/**
 * The first line of a cold prompt: the run's nonce (fresh for every run, so an earlier run's cold prompts
 * are no help either) and the prompt's place, so no two cold prompts share a token before their own text.
 */
export function coldFirstLine(runNonce: string, index: number): string {
  return `Session ${runNonce}-${index}.`;
}

/** `runNonce` sets cold prompts apart from every other run's (coldFirstLine); only cold prompts read it. */
export function planSyntheticRequests(settings: SyntheticInputs, tokenizer: Tokenizer, corpus: IndexedCorpus, runNonce = ""): WorkloadPlan {
  const [, , placesSeed] = childSeeds(settings.seed, 3) as [number, number, number];
  const builder = createPromptBuilder(tokenizer, corpus, placesSeed);
  const prefix = settings.prefixTokens === undefined ? undefined : builder.sharedPrefix(settings.prefixTokens);
  const requests = drawSyntheticLengths(settings).map((lengths, index): RequestSpec => {
    const cacheProbe = cacheProbeAt(settings.prefixCache, index);
    if (cacheProbe === undefined) return { prompt: builder.distinct(lengths.inputTokens, prefix), ...lengths };
    const prompt = cacheProbe === "cold" && prefix !== undefined ? builder.behindLine(lengths.inputTokens, prefix, coldFirstLine(runNonce, index)) : builder.distinct(lengths.inputTokens, prefix);
    return { prompt, ...lengths, cacheProbe };
  });
  return { tokenizerId: tokenizer.id, corpusId: corpus.id, requests, startRounds: builder.startRounds };
}

export interface TracePlanOptions {
  seed: number;
  /** Tokens each hash id stands for: 512 in Mooncake's traces. */
  blockSize: number;
}

export function planTraceRequests(trace: readonly TraceRequest[], tokenizer: Tokenizer, corpus: IndexedCorpus, options: TracePlanOptions): WorkloadPlan {
  const [placesSeed] = childSeeds(options.seed, 1) as [number];
  const builder = createPromptBuilder(tokenizer, corpus, placesSeed);
  const requests = trace.map((request): RequestSpec => {
    const common = { atMs: request.atMs, inputTokens: request.inputTokens, requestedOutputTokens: request.outputTokens };
    if (request.hashIds === undefined || request.hashIds.length === 0) return { ...common, prompt: builder.distinct(request.inputTokens) };
    const built = builder.fromHashIds(request.inputTokens, request.hashIds, options.blockSize);
    return { ...common, prompt: built.prompt, prefixHashIds: built.hashIds };
  });
  return { tokenizerId: tokenizer.id, corpusId: corpus.id, requests, startRounds: builder.startRounds };
}
