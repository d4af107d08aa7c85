import type { StoredRun } from "../../store/db";
import { getRunController } from "../features/run/run-launcher";
import { navigate, routes } from "../lib/hash-route";

/** Runs exactly what an earlier run ran (its stored spec), then the run page shows it. */
export function replayRun(run: StoredRun): void {
  void getRunController().start({ scenario: run.spec, scenarioId: run.scenarioId, replayOfRunId: run.id });
  navigate(routes.run());
}
