// The workloads room: what the field's benchmarks send besides hand-written prompts. Prompts of exact
// token lengths cut from a shipped public-domain corpus (lengths drawn from distributions, a shared
// prefix, a trace's prefix blocks), the tokenizers that count them, production traces read for replay
// (Mooncake, BurstGPT, Azure), the plan of requests a run sends, and how each provider family is asked
// for an answer's length. docs/workloads.md tells it in words. It imports the text, endpoints and
// datasets rooms, and the seeded generator of the random room.
export { MAX_TOKENS, MAX_LENGTH_VALUES, tokenCountSchema, tokenLengthSchema, lengthRange, sampleLength, type TokenLength } from "./token-length";
export * from "./tokenizer-choice";
export * from "./synthetic-inputs";
export * from "./trace-inputs";
export * from "./tokenizer";
export { loadOfflineTokenizer } from "./offline-tokenizer";
export * from "./hf-tokenizer";
export { DEFAULT_CORPUS_ID, indexCorpus, loadDefaultCorpus, type Corpus, type IndexedCorpus } from "./corpus";
export { ExactLengthProblem } from "./exact-text";
export * from "./prompt-builder";
export { TRACE_FORMATS, MAX_TRACE_ERRORS, MAX_TRACE_ROWS, formatTraceError, type TraceError, type TraceFormat, type TraceRequest } from "./trace";
export { azureTimestampMs } from "./azure-trace";
export * from "./read-trace";
export * from "./request-plan";
export * from "./output-length";
