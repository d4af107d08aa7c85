// The scenario's name, description and task.
import type { CatalogueTask } from "./task-catalogue";
import { SelectField, TextField } from "./fields";

export function BasicsSection({ tasks }: { tasks: readonly CatalogueTask[] | null }) {
  const runnable = (tasks ?? []).filter((task) => task.runnable);
  return (
    <fieldset className="editor-section">
      <legend>Scenario</legend>
      <TextField path={["name"]} label="Name" placeholder="Chat: three providers on my prompts" />
      <TextField path={["description"]} label="Description (optional)" multiline />
      <SelectField
        path={["task"]}
        label="Task"
        options={runnable.map((task) => ({ value: task.id, label: task.label }))}
        hint={<a href="#/new">Browse every task</a>}
      />
    </fieldset>
  );
}
