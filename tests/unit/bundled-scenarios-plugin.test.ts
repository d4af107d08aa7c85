// The shipped scenarios are checked at build time (scripts/bundled-scenarios-plugin.ts): the module the
// page imports must say what checkScenarioShape says of each file, good or bad.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUNDLED_SCENARIOS_MODULE, bundledScenariosPlugin } from "../../scripts/bundled-scenarios-plugin";
import { checkScenarioShape } from "../../src/core/scenario";

const good = { version: 1, name: "Good", task: "chat-completion", targets: [{ id: "a", endpointUrl: "sandbox:/fast/v1", model: "m" }], inputs: ["x"] };
const bad = { ...good, name: "Bad", targets: [{ id: "a b", endpointUrl: "sandbox:/fast/v1", model: "m" }] };

type Load = (this: { addWatchFile: (path: string) => void }, id: string) => Promise<string | undefined>;

async function moduleSource(dir: string): Promise<string> {
  const plugin = bundledScenariosPlugin(dir);
  const resolveId = plugin.resolveId as (id: string) => string | undefined;
  const load = plugin.load as Load;
  const watched: string[] = [];
  const id = resolveId(BUNDLED_SCENARIOS_MODULE);
  expect(id).toBeDefined();
  const source = await load.call({ addWatchFile: (path) => watched.push(path) }, id!);
  expect(watched).toHaveLength(2);
  return source!;
}

describe("bundled scenarios plugin", () => {
  it("gives each file as shipped with checkScenarioShape's scenario or errors", async () => {
    const dir = mkdtempSync(join(tmpdir(), "providerbench-bundled-"));
    writeFileSync(join(dir, "b-good.json"), JSON.stringify(good));
    writeFileSync(join(dir, "a-bad.json"), JSON.stringify(bad));
    writeFileSync(join(dir, "notes.txt"), "not a scenario");
    const files = JSON.parse((await moduleSource(dir)).replace(/^export default /, "").replace(/;$/, "")) as { fileName: string; json: unknown; scenario: unknown; errors: unknown[] }[];
    expect(files.map((file) => file.fileName)).toEqual(["a-bad.json", "b-good.json"]);
    const goodCheck = checkScenarioShape(good);
    const badCheck = checkScenarioShape(bad);
    expect(goodCheck.ok && badCheck.ok === false).toBe(true);
    expect(files[1]).toEqual({ fileName: "b-good.json", json: good, scenario: JSON.parse(JSON.stringify(goodCheck.ok ? goodCheck.scenario : null)), errors: [] });
    expect(files[0]!.scenario).toBeNull();
    expect(files[0]!.errors).toEqual(badCheck.ok ? [] : badCheck.errors);
    expect(files[0]!.errors).not.toHaveLength(0);
  });

  it("refuses a shipped file that is not JSON, naming it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "providerbench-bundled-"));
    writeFileSync(join(dir, "broken.json"), "{ not json");
    const plugin = bundledScenariosPlugin(dir);
    const load = plugin.load as Load;
    await expect(load.call({ addWatchFile: () => undefined }, `\0${BUNDLED_SCENARIOS_MODULE}`)).rejects.toThrow(/scenarios\/broken\.json: not JSON/);
  });
});
