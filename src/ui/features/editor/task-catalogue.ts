// The task catalogue for a new comparison: the core's catalogue (which tasks ProviderBench runs, and why
// not the others), with what @huggingface/tasks says of each for a person picking one: its summary, demo
// inputs and example models. Tasks the Hub hides from models are left out. This module pulls in
// @huggingface/tasks and the inference library: it is only ever loaded with import() (load-task-catalogue.ts).
import {
  MAPPING_DEFAULT_WIDGET,
  MODALITIES,
  PIPELINE_DATA,
  TASKS_DATA,
  type Modality,
  type PipelineData,
  type PipelineType,
  type TaskData,
} from "@huggingface/tasks";
import { taskCatalogue } from "../../../core/tasks/catalogue";
import { findTaskDefinition } from "../../../core/tasks";
import { isPlainObject } from "./draft-paths";

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
  /** What a new input of this task starts as when there is no demo: a prompt, or a file to name. */
  blankInput: DemoInput;
  exampleModels: string[];
}

export interface CatalogueGroup {
  modality: Modality;
  label: string;
  tasks: CatalogueTask[];
}

const CHAT_COMPLETION = "chat-completion";

/** Chat completion has no page of its own in the package (the Hub files it under text-generation). */
const CHAT_SUMMARY = "Generate the assistant's next message in a conversation: the OpenAI-style chat API most providers serve.";

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

/**
 * The widget's field names are the Hub's (`text` for a question or query, numbers in tables); the task's
 * input schema may name them otherwise. The shapes to try, in order; the first the schema accepts is kept.
 */
function candidateShapes(input: DemoInput): DemoInput[] {
  if (!isPlainObject(input)) return [input];
  const { text, ...rest } = input;
  const table = isPlainObject(rest.table)
    ? Object.fromEntries(Object.entries(rest.table).map(([column, cells]) => [column, Array.isArray(cells) ? cells.map(String) : cells]))
    : undefined;
  const withTable = table === undefined ? rest : { ...rest, table };
  return [input, { ...withTable, question: text }, { ...withTable, query: text }];
}

/** Demo inputs the task's own input schema accepts, so a picked task starts from a valid scenario. */
function fittingInputs(taskId: string, inputs: DemoInput[]): DemoInput[] {
  const definition = findTaskDefinition(taskId);
  if (definition === undefined) return inputs;
  return inputs.flatMap((input): DemoInput[] => {
    const fitting = candidateShapes(input).find((shape) => definition.input.safeParse(shape).success);
    return fitting === undefined ? [] : [fitting];
  });
}

function exampleModels(data: TaskData | undefined): string[] {
  return [...new Set([...(data?.widgetModels ?? []), ...(data?.models ?? []).map((model) => model.id)])].filter(Boolean);
}

/** Every task offered for models (hideInModels ones left out), in the core catalogue's order. */
export function catalogueTasks(): CatalogueTask[] {
  return taskCatalogue()
    .filter((entry) => entry.id === CHAT_COMPLETION || !(PIPELINE_DATA[entry.id as PipelineType] as PipelineData | undefined)?.hideInModels)
    .map((entry): CatalogueTask => {
      const isChat = entry.id === CHAT_COMPLETION;
      const data = TASKS_DATA[(isChat ? "text-generation" : entry.id) as PipelineType];
      const fromWidget = widgetInputs(isChat ? "conversational" : entry.id);
      const demoInputs = fromWidget.length > 0 ? fromWidget : isChat ? [] : demoTextInputs(data);
      return {
        id: entry.id,
        label: entry.label,
        summary: isChat ? CHAT_SUMMARY : data && !data.isPlaceholder ? data.summary : "",
        modality: entry.modality,
        runnable: entry.runnable,
        ...(entry.reason === undefined ? {} : { reason: entry.reason }),
        demoInputs: fittingInputs(entry.id, demoInputs),
        blankInput: findTaskDefinition(entry.id)?.acceptsText === false ? { file: "" } : "",
        exampleModels: exampleModels(data),
      };
    });
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
