// The task catalogue is loaded on demand: @huggingface/tasks is large, and the first screen must not carry it.
import { useEffect, useState } from "react";

export type TaskCatalogueModule = typeof import("./task-catalogue");

let loading: Promise<TaskCatalogueModule> | null = null;

export function loadTaskCatalogue(): Promise<TaskCatalogueModule> {
  loading ??= import("./task-catalogue");
  return loading;
}

export type CatalogueLoad = { state: "loading" } | { state: "error"; message: string } | { state: "loaded"; catalogue: TaskCatalogueModule };

export function useTaskCatalogue(): CatalogueLoad {
  const [load, setLoad] = useState<CatalogueLoad>({ state: "loading" });
  useEffect(() => {
    let current = true;
    loadTaskCatalogue().then(
      (catalogue) => current && setLoad({ state: "loaded", catalogue }),
      (error: unknown) => current && setLoad({ state: "error", message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, []);
  return load;
}
