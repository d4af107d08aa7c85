// The load room: load models (docs/metrics.md, "Load"): stages and sweeps, arrivals, the pacer, admission,
// per-stage summaries, load points and saturation.
export * from "./admission";
export * from "./arrivals";
export * from "./capacity-answer";
export * from "./capacity-search";
export * from "./capacity-stages";
export * from "./curves";
export * from "./load-points";
export * from "./pacer";
export * from "./provider-time";
export * from "./saturation";
export * from "./stage-summaries";
export * from "./stages";
export * from "./time-slices";
export * from "./parameter-stages";
export * from "./level-rows";
