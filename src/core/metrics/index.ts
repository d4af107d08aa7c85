// The metrics room: the catalogue of summary metrics, what a run measures, and the summary file.
export * from "./types";
export * from "./metric";
export * from "./catalogue";
export * from "./distribution-metrics";
export * from "./summary-file";
export * from "./measured-figures";
export * from "./parameter-sweep-metrics";
