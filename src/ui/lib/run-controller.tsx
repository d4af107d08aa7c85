// The app's one run controller (src/session), handed down from the app shell, which builds it on the app's
// database and settings: any view can start a run or watch the current one, and a test hands in its own.
import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from "react";
import type { Scenario } from "../../core/scenario";
import type { RunController } from "../../session/run-controller";
import type { RunSnapshot } from "../../session/run-snapshot";
import { navigate, routes } from "./hash-route";

const RunControllerContext = createContext<RunController | null>(null);

export function RunControllerProvider({ controller, children }: { controller: RunController; children: ReactNode }) {
  return <RunControllerContext.Provider value={controller}>{children}</RunControllerContext.Provider>;
}

export function useRunController(): RunController {
  const controller = useContext(RunControllerContext);
  if (controller === null) throw new Error("useRunController: no RunControllerProvider above this view (the app shell, or a test's wrapper, provides it)");
  return controller;
}

/** The run in progress, or the last one: re-rendered at each publication (a few times a second at most). */
export function useRunSnapshot(): RunSnapshot {
  const controller = useRunController();
  return useSyncExternalStore(controller.subscribe, controller.getSnapshot);
}

/**
 * What a button that says Run does, wherever it is (a scenario card, the editor's Save and run, the Run
 * page): the run starts, and the Run page shows it. Opening the Run page alone would leave the user a
 * second Run button to find.
 */
export function useStartRun(): (scenario: Scenario, scenarioKey: string | null) => void {
  const controller = useRunController();
  return useCallback(
    (scenario, scenarioKey) => {
      void controller.start({ scenario, scenarioId: scenarioKey, replayOfRunId: null });
      navigate(routes.run(scenarioKey ?? undefined));
    },
    [controller],
  );
}
