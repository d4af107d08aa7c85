// The snippets room: code that calls a scenario's target (curl, Python, JavaScript) the way a run does.
export * from "./quote";
export * from "./snippet-request";
export * from "./target-snippets";
