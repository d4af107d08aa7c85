// The tasks room: the task registry (registry.ts), the shape every task has (task-definition.ts), the
// pieces task files share, task ids, and what a call's images and audio add to its record. Each task's
// own file is reached through the registry. catalogue.ts is left out: it carries @huggingface/tasks's
// data, for the pages and commands that show the catalogue, which import it directly.
export * from "./registry";
export * from "./task-definition";
export * from "./endpoint-api-names";
export * from "./endpoint-apis";
export * from "./task-io";
export * from "./output-value";
export * from "./task-ids";
export * from "./media-info";
export * from "./media-types";
export * from "./media-figures";
export * from "./provider-support";
export * from "./streaming";
export * from "./tool-calls";
export * from "./response-format";
export type { ChatMessage } from "./chat-completion";
export * from "./feature-extraction";
export * from "./relevance-labels";
