// A scenario leaving the browser, as a file or a link. Both go through shareableScenarioText: no field of
// a scenario holds a key, and one pasted into a name or prompt stops the export instead of travelling.
import { encodeSharePayload, shareableScenarioText } from "../../../core/scenario/scenario-share";
import type { Scenario } from "../../../core/scenario";
import { readEndpointKeys, readHfToken } from "../../lib/settings-storage";

/** The keys this browser holds, which must never leave it inside a scenario. */
function localSecrets(): string[] {
  const token = readHfToken();
  return [...(token ? [token] : []), ...Object.values(readEndpointKeys())];
}

/** `my-chat-comparison.scenario.json`, from the scenario's name. */
export function scenarioFileName(scenario: Scenario): string {
  const slug = scenario.name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${slug || "scenario"}.scenario.json`;
}

export function exportScenarioText(scenario: Scenario, layout: "file" | "compact" = "file"): string {
  return shareableScenarioText(scenario, localSecrets(), layout);
}

/** Saves the scenario as a JSON file through the browser's download. */
export function downloadScenario(scenario: Scenario): void {
  const url = URL.createObjectURL(new Blob([exportScenarioText(scenario)], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = scenarioFileName(scenario);
  link.click();
  // After the click has handed the blob to the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The address that opens this scenario as an unsaved draft: this app's page, the scenario in the fragment. */
export async function shareLink(scenario: Scenario): Promise<string> {
  // Without the file's indentation: a shorter link for the same scenario.
  const payload = await encodeSharePayload(exportScenarioText(scenario, "compact"));
  return `${window.location.origin}${window.location.pathname}#/shared/${payload}`;
}
