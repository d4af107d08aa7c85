// The model search as the user types: the Hub's search (models some provider serves), asked once the typing
// pauses, the previous question abandoned when a new one starts, so answers never arrive out of order.
import { useEffect, useState } from "react";
import { hubPipelineTag, searchModels, type FoundModel } from "../../../core/catalog";
import { describeError } from "../../../core/text";
import { catalogLookupOptions } from "../../lib/catalog-lookups";

/** Long enough that a word typed at a normal pace asks once. */
export const SEARCH_DEBOUNCE_MS = 300;

export type ModelSearchState =
  | { status: "idle" }
  | { status: "searching"; models: FoundModel[] }
  | { status: "found"; models: FoundModel[]; readAt: string }
  | { status: "failed"; models: FoundModel[]; message: string };

/** Models matching `text` for `task` (a task of ours, or "" for any): empty text asks nothing. */
export function useModelSearch(text: string, task: string): ModelSearchState {
  const [state, setState] = useState<ModelSearchState>({ status: "idle" });
  const query = text.trim();
  useEffect(() => {
    if (query === "") {
      setState({ status: "idle" });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ status: "searching", models: previous.status === "idle" ? [] : previous.models }));
    const timer = setTimeout(() => {
      searchModels({ text: query, pipelineTag: task === "" ? undefined : hubPipelineTag(task) }, catalogLookupOptions(controller.signal)).then(
        (found) => {
          if (!controller.signal.aborted) setState({ status: "found", models: found.models, readAt: found.source.readAt });
        },
        (error: unknown) => {
          // A failed search keeps the last results on screen, with the reason beside them.
          if (!controller.signal.aborted) setState((previous) => ({ status: "failed", models: previous.status === "idle" ? [] : previous.models, message: describeError(error) }));
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, task]);
  return state;
}
