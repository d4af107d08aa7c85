// The task catalogue for a new comparison: every task of @huggingface/tasks that models are offered for,
// with its label, summary, modality, demo inputs and example models, and whether ProviderBench can run it.
// This module pulls in @huggingface/tasks and is only ever loaded with import() (load-task-catalogue.ts).
import {
  MAPPING_DEFAULT_WIDGET,
  MODALITIES,
  PIPELINE_DATA,
  PIPELINE_TYPES,
  TASKS_DATA,
  type Modality,
  type PipelineData,
  type PipelineType,
  type TaskData,
} from "@huggingface/tasks";
import { SUPPORTED_TASKS } from "../../../core/scenario";

/** One literal input as a scenario holds it: a prompt string, or an object for tasks with several fields. */
export type DemoInput = string | Record<string, unknown>;

export interface CatalogueTask {
  id: string;
  label: string;
  summary: string;
  modality: Modality;
  runnable: boolean;
  /** Why it cannot run yet, when it cannot. */
  reason?: string;
  demoInputs: DemoInput[];
  exampleModels: string[];
}

export interface CatalogueGroup {
  modality: Modality;
  label: string;
  tasks: CatalogueTask[];
}

const CHAT_COMPLETION = "chat-completion";

/**
 * Chat completion is the API most providers serve, but the package lists it only under text-generation
 * (its widget calls it "conversational"): it is given its own entry, with text-generation's models.
 */
function chatCompletionTask(textGeneration: TaskData | undefined): CatalogueTask {
  return {
    id: CHAT_COMPLETION,
    label: "Chat Completion",
    summary: "Generate the assistant's next message in a conversation: the OpenAI-style chat API most providers serve.",
    modality: "nlp",
    ...runnability(CHAT_COMPLETION),
    demoInputs: widgetInputs("conversational"),
    exampleModels: exampleModels(textGeneration),
  };
}

function runnability(taskId: string): { runnable: boolean; reason?: string } {
  return (SUPPORTED_TASKS as readonly string[]).includes(taskId)
    ? { runnable: true }
    : { runnable: false, reason: "ProviderBench has no caller for this task yet" };
}

/** The Hub widget's English example inputs for a task: strings, or objects such as { text, context }. */
function widgetInputs(widgetType: string): DemoInput[] {
  const examples = MAPPING_DEFAULT_WIDGET.get("en")?.get(widgetType as PipelineType) ?? [];
  return examples.map((example): DemoInput => (typeof example === "string" ? example : widgetObject(example)));
}

/** A widget example without its display-only fields. */
function widgetObject(example: object): Record<string, unknown> {
  const { example_title: _title, group: _group, output: _output, ...input } = example as Record<string, unknown>;
  return input;
}

/** The task page's demo inputs where the widget has none: its text entries. */
function demoTextInputs(data: TaskData | undefined): DemoInput[] {
  return (data?.demo.inputs ?? []).flatMap((entry) => (entry.type === "text" ? [entry.content] : []));
}

function exampleModels(data: TaskData | undefined): string[] {
  return [...new Set([...(data?.widgetModels ?? []), ...(data?.models ?? []).map((model) => model.id)])].filter(Boolean);
}

function catalogueTask(id: PipelineType): CatalogueTask {
  const data = TASKS_DATA[id];
  const fromWidget = widgetInputs(id);
  return {
    id,
    label: data?.label ?? PIPELINE_DATA[id].name,
    summary: data && !data.isPlaceholder ? data.summary : "",
    modality: PIPELINE_DATA[id].modality,
    ...runnability(id),
    demoInputs: fromWidget.length > 0 ? fromWidget : demoTextInputs(data),
    exampleModels: exampleModels(data),
  };
}

/** Every task offered for models (hideInModels ones left out), chat completion first among NLP tasks. */
export function catalogueTasks(): CatalogueTask[] {
  const offered = PIPELINE_TYPES.filter((id) => !(PIPELINE_DATA[id] as PipelineData).hideInModels).map(catalogueTask);
  return [chatCompletionTask(TASKS_DATA["text-generation"]), ...offered];
}

export function findCatalogueTask(taskId: string): CatalogueTask | undefined {
  return catalogueTasks().find((task) => task.id === taskId);
}

const MODALITY_NAMES: Record<Modality, string> = {
  nlp: "Text",
  multimodal: "Multimodal",
  audio: "Audio",
  cv: "Vision",
  tabular: "Tabular",
  rl: "Reinforcement learning",
  other: "Other",
};

/** Tasks grouped by modality in the package's order; runnable tasks first within a group. */
export function catalogueGroups(tasks: CatalogueTask[] = catalogueTasks()): CatalogueGroup[] {
  return MODALITIES.map((modality) => ({
    modality,
    label: MODALITY_NAMES[modality],
    tasks: tasks.filter((task) => task.modality === modality).sort((a, b) => Number(b.runnable) - Number(a.runnable)),
  })).filter((group) => group.tasks.length > 0);
}
