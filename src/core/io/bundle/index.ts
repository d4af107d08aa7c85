// A run bundle: one gzipped JSONL file holding a run's scenario, records and summary (format.ts).
export * from "./base64";
export * from "./format";
export * from "./origin";
export * from "./read";
export * from "./write";
