// Validates scenario text off the page's main thread: validation renders the scenario's template, and a
// hostile template must not freeze the tab. The page terminates this worker if it takes too long.
import { parseScenarioText } from "../../core/scenario/scenario-file";

// Typed by hand: the project's DOM types describe a window, not a worker's global scope.
const scope = globalThis as unknown as { onmessage: ((event: MessageEvent<string>) => void) | null; postMessage(message: unknown): void };
scope.onmessage = (event) => scope.postMessage(parseScenarioText(event.data));
