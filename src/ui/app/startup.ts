// What happens once per page load, before the first render matters.
import { getAppDb } from "../../store/db";
import { markInterruptedRuns } from "../../store/queries";
import { takeSandboxLinkFromAddress } from "../features/settings";
import { runsHeldByOpenTabs } from "./run-launcher";

export async function startUp(): Promise<void> {
  takeSandboxLinkFromAddress(window.location, window.history);
  // A run left "running" by a closed tab is over; one another open tab is driving is not.
  const stillRunning = await runsHeldByOpenTabs().catch(() => new Set<string>());
  await markInterruptedRuns(getAppDb(), (runId) => stillRunning.has(runId));
}
