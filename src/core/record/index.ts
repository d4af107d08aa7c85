// The record room: the one record type (record.ts), a records file's line read back, a run's records as
// columns, and the ranges a measured figure must lie in.
export * from "./figure-ranges";
export * from "./record";
export * from "./record-columns";
export * from "./record-line";
export * from "./unmeasured-fields";
