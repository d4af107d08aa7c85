// The template room: a scenario's Jinja templates rendered within bounds, their errors placed in the
// source, the variables they read, and a preview of each row.
export * from "./template";
export * from "./template-errors";
export * from "./template-preview";
export * from "./template-variables";
