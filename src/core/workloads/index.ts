// The workloads room: what the field's benchmarks send besides hand-written prompts. Prompts of exact
// token lengths cut from a shipped public-domain corpus (lengths drawn from distributions, a shared
// prefix, a trace's prefix blocks), the tokenizers that count them, production traces read for replay
// (Mooncake, BurstGPT, Azure), the plan of requests a run sends, and how each provider family is asked
// for an answer's length. docs/workloads.md tells it in words. It imports the text, endpoints and
// datasets rooms, the seeded generator of the random room, and the record room's word for a cache probe.
export * from "./token-length";
export * from "./tokenizer-choice";
export * from "./synthetic-inputs";
export * from "./trace-inputs";
export * from "./tokenizer";
export * from "./offline-tokenizer";
export * from "./hf-tokenizer";
export * from "./corpus";
export * from "./exact-text";
export * from "./prompt-builder";
export * from "./trace";
export * from "./azure-trace";
export * from "./read-trace";
export * from "./request-plan";
export * from "./output-length";
export * from "./session-inputs";
export * from "./sharegpt";
export * from "./session-plan";
export * from "./reasoning-effort";
