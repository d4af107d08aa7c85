export * from "./client-validity";
export * from "./browser-validity";
export * from "./validity-schema";
export * from "./timing-errors";
export * from "./validity-figures";
