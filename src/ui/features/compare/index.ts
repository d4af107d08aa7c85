// What the app shell composes from the compare feature (the Compare page itself loads on demand, by path):
// the live summary the Run page shows while a run goes.
export { LiveSummary } from "./summary-table/live-summary";
