// The example scenarios shipped in scenarios/*.json, checked when the app is built (or served) rather than
// in the page: the check (zod and every task's schema) is the largest thing the first screen would
// otherwise load just to list them. The page imports `virtual:bundled-scenarios` and gets each file as
// shipped, its fields with defaults filled in, and any errors, exactly as checkScenarioShape gives them.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { runnerImport, type Plugin } from "vite";

type ScenarioModule = typeof import("../src/core/scenario/scenario");

/**
 * The checker is loaded when the module is first asked for, through Vite's own module runner, not
 * imported here: a static import would pull all of src/core into the bundle Vite makes of its config
 * at every start (and that bundle warns about every extensionless import in it).
 */
let checker: Promise<ScenarioModule["checkScenarioShape"]> | undefined;
function loadChecker(): Promise<ScenarioModule["checkScenarioShape"]> {
  checker ??= runnerImport<ScenarioModule>(new URL("../src/core/scenario/scenario.ts", import.meta.url).pathname, { configFile: false, logLevel: "error" }).then(({ module }) => module.checkScenarioShape);
  return checker;
}

export const BUNDLED_SCENARIOS_MODULE = "virtual:bundled-scenarios";
const RESOLVED_ID = `\0${BUNDLED_SCENARIOS_MODULE}`;

export function bundledScenariosPlugin(scenariosDir: string): Plugin {
  return {
    name: "providerbench-bundled-scenarios",
    resolveId: (id) => (id === BUNDLED_SCENARIOS_MODULE ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const checkScenarioShape = await loadChecker();
      const fileNames = readdirSync(scenariosDir)
        .filter((name) => name.endsWith(".json"))
        .sort();
      const files = fileNames.map((fileName) => {
        const path = join(scenariosDir, fileName);
        this.addWatchFile(path);
        let json: unknown;
        try {
          json = JSON.parse(readFileSync(path, "utf8"));
        } catch (error) {
          throw new Error(`scenarios/${fileName}: not JSON (${error instanceof Error ? error.message : String(error)})`, { cause: error });
        }
        const checked = checkScenarioShape(json);
        return { fileName, json, scenario: checked.ok ? checked.scenario : null, errors: checked.ok ? [] : checked.errors };
      });
      return `export default ${JSON.stringify(files)};`;
    },
  };
}
