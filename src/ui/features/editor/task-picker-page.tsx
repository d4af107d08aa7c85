// A new comparison starts here: the tasks of @huggingface/tasks by modality, each with its summary;
// picking one opens the editor on a draft with the task's demo inputs.
import { useId, useMemo, useState, type CSSProperties } from "react";
import { MODALITY_COLORS } from "../../components/ui/modality-colors";
import { useTaskCatalogue } from "./load-task-catalogue";
import { openDraftInEditor } from "./drafts";
import { newComparisonDraft } from "./new-comparison";
import type { CatalogueGroup, CatalogueTask } from "./task-catalogue";
import "./editor.css";

export function TaskPickerPage() {
  const catalogue = useTaskCatalogue();
  const [query, setQuery] = useState("");
  const searchId = useId();
  const groups = useMemo(() => (catalogue.state === "loaded" ? catalogue.catalogue.catalogueGroups() : []), [catalogue]);
  const needle = query.trim().toLowerCase();
  const shown = groups
    .map((group) => ({ ...group, tasks: group.tasks.filter((task) => needle === "" || `${task.label} ${task.id} ${task.summary}`.toLowerCase().includes(needle)) }))
    .filter((group) => group.tasks.length > 0);
  return (
    <div className="page task-picker">
      <h1>New comparison</h1>
      <p className="lead">Pick the task to compare providers on. Its example inputs fill the new scenario; you then add targets and your own inputs.</p>
      <div className="editor-field task-search">
        <label htmlFor={searchId}>Find a task</label>
        <input id={searchId} type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="chat, speech, image…" />
      </div>
      {catalogue.state === "loading" ? <p className="empty">Loading the task catalogue…</p> : null}
      {catalogue.state === "error" ? <p className="empty">The task catalogue could not be loaded: {catalogue.message}</p> : null}
      {catalogue.state === "loaded" && shown.length === 0 ? <p className="empty">No task matches “{query}”.</p> : null}
      {shown.map((group) => (
        <TaskGroup key={group.modality} group={group} />
      ))}
    </div>
  );
}

function TaskGroup({ group }: { group: CatalogueGroup }) {
  const headingId = useId();
  const color = MODALITY_COLORS[group.modality];
  return (
    <section className="task-group" aria-labelledby={headingId} style={{ "--modality-color": color } as CSSProperties} data-modality={group.modality}>
      <h2 id={headingId}>
        <span className="modality-swatch" aria-hidden="true" />
        {group.label}
      </h2>
      <ul className="task-list">
        {group.tasks.map((task) => (
          <li key={task.id}>
            <TaskCard task={task} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function TaskCard({ task }: { task: CatalogueTask }) {
  const summary = task.summary ? <span className="task-summary">{task.summary}</span> : null;
  if (!task.runnable) {
    return (
      <div className="task-card task-unavailable" data-task={task.id}>
        <span className="task-label">{task.label}</span>
        {summary}
        <span className="task-reason">Unavailable: {task.reason}</span>
      </div>
    );
  }
  return (
    <button type="button" className="task-card" data-task={task.id} onClick={() => openDraftInEditor(newComparisonDraft(task))}>
      <span className="task-label">{task.label}</span>
      {summary}
    </button>
  );
}
