// What other features may use of the scenarios: the bundled ones, a lookup by key, and the off-thread validator.
export { BUNDLED_KEY_PREFIX, SAVED_KEY_PREFIX, bundledScenarioJson, findBundledScenario } from "./bundled-scenarios";
export { useScenarioByKey, type ScenarioLookup } from "./use-scenario-by-key";
export { parseScenarioTextOffThread } from "./validate-off-thread";
export { readBundledAsset } from "./bundled-assets";
