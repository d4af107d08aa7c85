// The measure room: timing one request at the network boundary (measure.ts), its stream's timeline, its
// HTTP phases, the answer's body handed back to the library, and secrets kept out of what is recorded.
export * from "./buffered-response";
export * from "./http-phases";
export * from "./measure";
export * from "./secrets";
export * from "./stream-timeline";
