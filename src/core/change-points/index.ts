// The change-points room: a run series per scenario, its change points (e-divisive) and trends (docs/metrics.md).
export * from "./e-divisive";
export * from "./run-series";
export * from "./series";
export * from "./trend";
