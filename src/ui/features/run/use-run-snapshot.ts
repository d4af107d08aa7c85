import { useSyncExternalStore } from "react";
import type { RunSnapshot } from "../../../session/run-snapshot";
import { getRunController } from "./run-launcher";

export function useRunSnapshot(): RunSnapshot {
  const controller = getRunController();
  return useSyncExternalStore(controller.subscribe, controller.getSnapshot);
}
