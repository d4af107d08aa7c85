// The agreement room: how far each target's outputs agree with the other targets', per input (docs/metrics.md, "Agreement").
export * from "./box-iou";
export * from "./cosine-similarity";
export * from "./measures";
export * from "./pairs";
export * from "./ranking-ndcg";
export * from "./report";
export * from "./text-match";
export * from "./top-label";
export * from "./word-error-rate";
