// Every task the runner can call, by its pipeline-type name, and nothing else: names only, so the sandbox
// and the first screen can know them without loading the scenario schema, the task definitions or the
// inference library.

/**
 * Tasks the runner can call, each through @huggingface/inference's own task method: one definition per
 * task in src/core/tasks (its inputs, its call, its output). `task` stays a plain pipeline-type string.
 */
export const SUPPORTED_TASKS = [
  "chat-completion",
  "text-generation",
  "feature-extraction",
  "sentence-similarity",
  "text-classification",
  "token-classification",
  "zero-shot-classification",
  "question-answering",
  "table-question-answering",
  "fill-mask",
  "summarization",
  "translation",
  "text-to-image",
  "image-to-image",
  "image-classification",
  "zero-shot-image-classification",
  "object-detection",
  "image-segmentation",
  "image-to-text",
  "image-text-to-text",
  "visual-question-answering",
  "document-question-answering",
  "automatic-speech-recognition",
  "text-to-speech",
  "audio-classification",
  "text-ranking",
] as const;
export type Task = (typeof SUPPORTED_TASKS)[number];

/** Tasks the library sends to the OpenAI-style chat route (`…/v1/chat/completions`), not to a task route. */
export const CHAT_ROUTE_TASKS = ["chat-completion", "image-text-to-text"] as const satisfies readonly Task[];

/** Tasks the library sends to an hf-inference-style task route (`…/pipeline/<task>`): every other one. */
export type PipelineTask = Exclude<Task, (typeof CHAT_ROUTE_TASKS)[number]>;

export function isPipelineTask(name: string): name is PipelineTask {
  return (SUPPORTED_TASKS as readonly string[]).includes(name) && !(CHAT_ROUTE_TASKS as readonly string[]).includes(name);
}

export const PIPELINE_TASKS: readonly PipelineTask[] = SUPPORTED_TASKS.filter(isPipelineTask);
