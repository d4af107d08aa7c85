// The gate room: the regression gate, its allowances, judgement and report (`providerbench gate`).
export * from "./allowances";
export * from "./judge";
export * from "./report";
