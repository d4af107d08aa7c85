// The draft a new comparison starts from when a task is picked: the task's demo inputs, no targets yet
// (the editor suggests the task's example models), and settings that suit a first look.
import type { CatalogueTask, DemoInput } from "./task-catalogue";
import type { DraftValue } from "./draft-paths";

const TEXT_GENERATING_TASKS = ["chat-completion", "text-generation"];

export function newComparisonDraft(task: CatalogueTask): DraftValue {
  const generatesText = TEXT_GENERATING_TASKS.includes(task.id);
  const inputs: DemoInput[] = task.demoInputs.length > 0 ? task.demoInputs : [task.blankInput];
  return {
    version: 1,
    name: `${task.label} comparison`,
    task: task.id,
    targets: [],
    inputs,
    parameters: generatesText ? { max_tokens: 64 } : {},
    run: generatesText ? { repetitions: 1, concurrency: 4, stream: true } : { repetitions: 1, concurrency: 4 },
  };
}
