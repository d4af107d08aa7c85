// The scenario room: the scenario file's format (schema.ts) and types (types.ts), its validation
// (scenario.ts, scenario-file.ts), its inputs, expectations and checks, prices and SLOs, and its share link.
export * from "./checks";
export * from "./expectations";
export * from "./inputs";
export * from "./pricing";
export * from "./replay-changes";
export * from "./request-parameters";
export * from "./scenario";
export * from "./scenario-file";
export * from "./scenario-share";
export * from "./scenario-target";
export * from "./schema";
export * from "./slo";
export * from "./synthetic-inputs";
export * from "./session-inputs";
export * from "./target-names";
export * from "./tool-checks";
export * from "./structured-output-checks";
export * from "./tool-parameters";
export * from "./tool-results";
export * from "./types";
export * from "./capacity-slo";
export * from "./trace-replay-inputs";
export * from "./parameter-sweep";
