import type { Scenario } from "../../core/scenario/types";
import type { StoredRun } from "../../store/db";
import { getRunController } from "./run-launcher";
import { navigate, routes } from "../lib/hash-route";

/**
 * Runs exactly what an earlier run ran (its stored spec), or that scenario with changes (other targets,
 * repetitions, concurrency: a new version), linked to it so the two compare; then the run page shows it.
 */
export function replayRun(run: StoredRun, scenario: Scenario = run.spec): void {
  void getRunController().start({ scenario, scenarioId: run.scenarioId, replayOfRunId: run.id });
  navigate(routes.run());
}
