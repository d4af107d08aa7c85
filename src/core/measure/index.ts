// The measure room: timing one request at the network boundary (timing-fetch.ts: the request's start, the
// response's head, its body read whole or timed read by read as an event stream, the stream's tail), what
// it saw (wire-timing.ts), its stream's timeline, its HTTP phases, the error classification of a failed
// attempt, the answer's body handed back to the library, and secrets kept out of what is recorded.
export * from "./buffered-response";
export * from "./clock";
export * from "./error-classification";
export * from "./error-text";
export * from "./event-stream-scanner";
export * from "./http-phases";
export * from "./response-head";
export * from "./response-rejections";
export * from "./secrets";
export * from "./stream-tail";
export * from "./stream-timeline";
export * from "./timing-fetch";
export * from "./wire-timing";
