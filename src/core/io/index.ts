// The io room: files in and out (records and summaries as CSV, JSONL lines, a file's lines, a records
// file's requests counted once, Artillery's metric names), with run bundles (bundle/) and other tools'
// exports (imports/).
export * from "./artillery-metrics";
export * from "./csv";
export * from "./jsonl";
export * from "./records-filter";
export * from "./text-lines";
export * from "./bundle";
export * from "./imports";
