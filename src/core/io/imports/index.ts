// Runs read from files: our own records, bundles and summaries, and other tools' exports (aiperf,
// GuideLLM, vLLM, Artillery), each read into one imported run (run-file.ts).
export * from "./aiperf";
export * from "./artillery";
export * from "./guidellm";
export * from "./imported-run";
export * from "./nightly-summary";
export * from "./records-csv";
export * from "./run-file";
export * from "./summary-file";
export * from "./vllm";
