// The stats room: per-target summaries of a run's records (summary.ts), the statistics under them
// (percentiles, intervals, bootstrap, tests) and paired comparisons of targets.
export * from "./bootstrap";
export * from "./change-estimates";
export * from "./chunk-gaps";
export * from "./distribution";
export * from "./ecdf-band";
export * from "./in-flight";
export * from "./intervals";
export * from "./output-length";
export * from "./paired";
export * from "./percentile";
export * from "./phase-summary";
export * from "./proportion";
export * from "./request-outcomes";
export * from "./request-rates";
export * from "./requested-lengths";
export * from "./session-summary";
export * from "./significance";
export * from "./sort-float64";
export * from "./summary";
export * from "./tool-call-summary";
export * from "./tool-loop-summary";
export * from "./structured-output-summary";
export * from "./value-summary";
export * from "./cache-summary";
export * from "./ranking-quality-summary";
