// What a button that says Run does, wherever it is (a scenario card, the editor's Save and run, the Run
// page): the run starts, and the Run page shows it. Opening the Run page alone would leave the user a
// second Run button to find.
import type { Scenario } from "../../../core/scenario/types";
import { navigate, routes } from "../../lib/hash-route";
import { getRunController } from "./run-launcher";

export function startRun(scenario: Scenario, scenarioKey: string | null): void {
  void getRunController().start({ scenario, scenarioId: scenarioKey, replayOfRunId: null });
  navigate(routes.run(scenarioKey ?? undefined));
}
