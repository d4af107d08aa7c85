import type { StoredRun } from "../../store/db";
import { getRunController } from "./run-launcher";
import { navigate, routes } from "../lib/hash-route";

/** Sends the requests an interrupted or aborted run is missing, into that same run; the run page shows it. */
export function resumeRun(run: StoredRun): void {
  void getRunController().start({ scenario: run.spec, scenarioId: run.scenarioId, replayOfRunId: run.replayOfRunId, resumeRunId: run.id });
  navigate(routes.run());
}
