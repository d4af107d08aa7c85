// Datasets of template variables: CSV and JSONL files read into one table shape, then mapped to variables.
export * from "./dataset";
export * from "./column-mapping";
export * from "./csv-dataset";
export * from "./jsonl-dataset";
export * from "./parse-dataset";
