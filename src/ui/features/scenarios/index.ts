// What the app shell composes from the scenarios: the first screen, the lookup of a scenario by key (for the
// Run page's and the editor's routes), a bundled scenario's file as shipped, and the bundled assets a run reads.
export { ScenariosPage } from "./scenarios-page";
export { bundledScenarioJson } from "./bundled-scenarios";
export { useScenarioByKey, type ScenarioLookup } from "./use-scenario-by-key";
export { DRAFT_KEY } from "./draft-scenario";
export { readBundledAsset } from "./bundled-assets";
