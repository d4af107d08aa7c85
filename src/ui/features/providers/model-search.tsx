// Finding a model: a search box over the Hub's models that some provider serves, narrowed by task. A
// combobox: the arrow keys move through the results, Enter opens the one highlighted (or the id as typed,
// for a model the search does not list), Escape closes the list.
import { useId, useState, type KeyboardEvent } from "react";
import { SUPPORTED_TASKS } from "../../../core/tasks/task-ids";
import { formatCount } from "../../components/ui/format";
import { useModelSearch, type ModelSearchState } from "./use-model-search";
import type { FoundModel } from "../../../core/catalog";

interface ModelSearchProps {
  /** The model the page shows, if any: the box starts with it. */
  modelId: string | null;
  task: string;
  onTaskChange(task: string): void;
  onPick(modelId: string): void;
}

export function ModelSearch({ modelId, task, onTaskChange, onPick }: ModelSearchProps) {
  const [text, setText] = useState(modelId ?? "");
  // Opened by typing or the arrow keys, not by arriving on a model's page.
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The Hub is searched for what the user types, not for the id the page arrived with.
  const [typed, setTyped] = useState(false);
  const search = useModelSearch(typed ? text : "", task);
  const models = search.status === "idle" ? [] : search.models;
  const listId = useId();
  const taskId = useId();
  const pick = (modelId: string): void => {
    setOpen(false);
    setActive(-1);
    setText(modelId);
    setTyped(false);
    onPick(modelId);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((index) => (models.length === 0 ? -1 : (index + step + models.length) % models.length));
    } else if (event.key === "Enter") {
      event.preventDefault();
      const chosen = open && active >= 0 ? models[active]?.id : text.trim();
      if (chosen !== undefined && chosen !== "") pick(chosen);
    } else if (event.key === "Escape") {
      setOpen(false);
      setActive(-1);
    }
  };
  const expanded = open && models.length > 0;
  return (
    <div className="pb-model-search" data-testid="model-search">
      <div className="pb-model-search-fields">
        <label className="pb-model-search-text">
          Model
          <input
            type="search"
            role="combobox"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            placeholder="meta-llama/Llama-3.1-8B-Instruct, or words of a model's name"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setTyped(true);
              setOpen(true);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
          />
        </label>
        <label htmlFor={taskId}>
          Task
          <select id={taskId} value={task} onChange={(event) => onTaskChange(event.target.value)}>
            <option value="">any task</option>
            {SUPPORTED_TASKS.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </label>
      </div>
      <SearchStatus search={search} count={models.length} />
      {expanded ? <ModelResults listId={listId} models={models} active={active} onPick={pick} /> : null}
    </div>
  );
}

function SearchStatus({ search, count }: { search: ModelSearchState; count: number }) {
  return (
    <p className="pb-model-search-status" role="status" aria-live="polite">
      {search.status === "searching" ? "Searching the Hub…" : null}
      {search.status === "found" ? `${count === 0 ? "No model" : `${formatCount(count)} models`} served by a provider (the Hub's search, read ${search.readAt}). Enter opens the id as typed.` : null}
      {search.status === "failed" ? `The search failed: ${search.message}` : null}
    </p>
  );
}

function ModelResults({ listId, models, active, onPick }: { listId: string; models: readonly FoundModel[]; active: number; onPick(modelId: string): void }) {
  return (
    <ul className="pb-model-search-results" role="listbox" id={listId} aria-label="Models">
      {models.map((model, index) => (
        <li
          key={model.id}
          id={`${listId}-${index}`}
          role="option"
          aria-selected={index === active}
          // Picked on mouse down, before the input's blur closes the list.
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(model.id);
          }}
        >
          <span className="pb-model-id">{model.id}</span>
          <span className="pb-model-facts">
            {[model.pipelineTag, model.providers === null ? null : `${model.providers.length} providers`, model.downloads === null ? null : `${formatCount(model.downloads)} downloads`]
              .filter((fact) => fact !== null)
              .join(" · ")}
          </span>
        </li>
      ))}
    </ul>
  );
}
