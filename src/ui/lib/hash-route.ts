// Hash-based routing (`#/compare/abc?baseline=def`), so the built site works from any folder and any
// static server: the server only ever sees index.html.
import { useSyncExternalStore } from "react";

export type Route =
  | { page: "scenarios" }
  | { page: "run"; scenarioKey: string | null }
  /** runId null: the latest run. */
  | { page: "compare"; runId: string | null; baselineRunId: string | null }
  /** A share link: the scenario compressed in the fragment (core/scenario/scenario-share.ts), opened as a draft. */
  | { page: "shared"; payload: string }
  | { page: "history" }
  /** History's Trends view: one series of runs (core/change-points/run-series.ts), by its key; null for the latest. */
  | { page: "trends"; seriesKey: string | null }
  | { page: "settings" }
  /** The task catalogue, where a new comparison starts. */
  | { page: "new" }
  /** The scenario editor, on a bundled or saved scenario (`bundled:…`, `saved:…`) or an unsaved draft. */
  | { page: "editor"; scenarioKey: string | null; draftId: string | null }
  | { page: "not-found"; path: string }
  /** Which providers serve a model, at what price, and Compare all (`#/providers?model=…&task=…`). */
  | { page: "providers"; modelId: string | null; task: string | null };

export function parseRoute(hash: string): Route {
  const [rawPath = "", rawQuery = ""] = hash.replace(/^#/, "").split("?", 2);
  const segments = rawPath.split("/").filter(Boolean).map(decodeURIComponent);
  const query = new URLSearchParams(rawQuery);
  const [first, second] = segments;
  if (segments.length === 0 || (first === "scenarios" && segments.length === 1)) return { page: "scenarios" };
  if (first === "run" && segments.length <= 2) return { page: "run", scenarioKey: second ?? null };
  if (first === "compare" && segments.length <= 2) return { page: "compare", runId: second ?? null, baselineRunId: query.get("baseline") };
  // Addresses of earlier versions, kept in bookmarks and notes.
  if (first === "runs" && second !== undefined && segments.length === 2) {
    return { page: "compare", runId: second, baselineRunId: query.get("baseline") };
  }
  if (first === "shared" && second !== undefined && segments.length === 2) return { page: "shared", payload: second };
  if (first === "history" && segments.length === 1) return { page: "history" };
  if (first === "history" && second === "trends" && segments.length === 2) return { page: "trends", seriesKey: query.get("series") };
  if (first === "settings" && segments.length === 1) return { page: "settings" };
  if (first === "new" && segments.length === 1) return { page: "new" };
  if (first === "edit" && segments.length <= 2) return { page: "editor", scenarioKey: second ?? null, draftId: query.get("draft") };
  if (first === "providers" && segments.length === 1) return { page: "providers", modelId: query.get("model"), task: query.get("task") };
  return { page: "not-found", path: rawPath };
}

export const routes = {
  scenarios: () => "#/",
  run: (scenarioKey?: string) => (scenarioKey ? `#/run/${encodeURIComponent(scenarioKey)}` : "#/run"),
  /** Without a run id: the latest run. */
  compare: (runId?: string, baselineRunId?: string | null) =>
    `#/compare${runId ? `/${encodeURIComponent(runId)}` : ""}${runId && baselineRunId ? `?baseline=${encodeURIComponent(baselineRunId)}` : ""}`,
  history: () => "#/history",
  trends: (seriesKey?: string | null) => `#/history/trends${seriesKey ? `?series=${encodeURIComponent(seriesKey)}` : ""}`,
  settings: () => "#/settings",
  newComparison: () => "#/new",
  edit: (scenarioKey: string) => `#/edit/${encodeURIComponent(scenarioKey)}`,
  editDraft: (draftId: string) => `#/edit?draft=${encodeURIComponent(draftId)}`,
  providers: (modelId?: string | null, task?: string | null) => {
    const query = new URLSearchParams();
    if (modelId) query.set("model", modelId);
    if (task) query.set("task", task);
    const text = query.toString();
    return `#/providers${text === "" ? "" : `?${text}`}`;
  },
};

export function navigate(hash: string): void {
  window.location.hash = hash;
}

function subscribe(listener: () => void): () => void {
  window.addEventListener("hashchange", listener);
  return () => window.removeEventListener("hashchange", listener);
}

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return parseRoute(hash);
}
