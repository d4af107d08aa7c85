import { pricesStillApplying } from "../../core/catalog/prices-still-applying";
import type { Scenario } from "../../core/scenario/types";
import type { StoredRun } from "../../store/db";
import { getRunController } from "./run-launcher";
import { navigate, routes } from "../lib/hash-route";

/**
 * Runs exactly what an earlier run ran (its stored spec), or that scenario with changes (other targets,
 * repetitions, concurrency: a new version), linked to it so the two compare; then the run page shows it.
 */
export function replayRun(run: StoredRun, scenario: Scenario = run.spec): void {
  // The prices' source and read time go with the replay where its targets keep those prices.
  const prices = run.prices === undefined ? undefined : pricesStillApplying(run.prices, scenario);
  void getRunController().start({ scenario, scenarioId: run.scenarioId, replayOfRunId: run.id, prices });
  navigate(routes.run());
}
