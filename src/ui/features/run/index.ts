// What other features may use of the run feature: starting a scenario's run.
export { startRun } from "./start-run";
