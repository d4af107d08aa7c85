// Runs in a worker thread: validates the scenario (which renders its template) where the main thread can
// kill it if it takes too long or too much memory.
import { parentPort, workerData } from "node:worker_threads";
import { checkScenario, type ScenarioOverrides } from "./scenario-check";

const { text, overrides } = workerData as { text: string; overrides: ScenarioOverrides };
parentPort!.postMessage(checkScenario(text, overrides));
