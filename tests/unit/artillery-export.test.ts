// `export artillery`'s refusals, each naming what is wrong, before anything is written; and the files it
// writes name no key or token (the workers read the variables granted with --key from their environment).
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { ARTILLERY_SCRIPT, artilleryProcessor, artilleryScript, exportCommand } from "../../src/cli/artillery/export-command";
import { createArtilleryProcessor, passScenario } from "../../src/cli/artillery/processor";
import { inShare, planRequests, shareOfLimit } from "../../src/core/run";
import { checkScenarioShape, type Scenario } from "../../src/core/scenario";

async function exportWith(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out = new PassThrough();
  const err = new PassThrough();
  let outText = "";
  let errText = "";
  out.on("data", (chunk: Buffer) => (outText += chunk.toString()));
  err.on("data", (chunk: Buffer) => (errText += chunk.toString()));
  const code = await exportCommand(args, {}, out, err);
  return { code, out: outText, err: errText };
}

const scenarioJson = {
  version: 1,
  name: "keys stay out",
  task: "chat-completion",
  targets: [{ id: "endpoint", endpointUrl: "https://example.invalid/v1", model: "m", apiKeyEnv: "MY_ENDPOINT_KEY" }],
  inputs: ["hello"],
};

describe("export artillery", () => {
  it("refuses an unknown format, a missing -o and a scenario that does not validate, by name", async () => {
    expect(await exportWith(["k6", "s.json", "-o", "out"])).toMatchObject({ code: 2, err: expect.stringMatching(/^error: unknown export format "k6": the one format is artillery/) as unknown });
    expect(await exportWith(["artillery", "s.json"])).toMatchObject({ code: 2, err: expect.stringMatching(/^error: -o <dir>: required/) as unknown });
    const dir = mkdtempSync(join(tmpdir(), "providerbench-export-"));
    const broken = join(dir, "broken.json");
    writeFileSync(broken, JSON.stringify({ ...scenarioJson, targets: [{ id: "a" }] }));
    const result = await exportWith(["artillery", broken, "-o", join(dir, "out")]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/is not a valid scenario:\ntargets\[0\]\.model: required/);
    expect(existsSync(join(dir, "out"))).toBe(false);
  });

  it("refuses inputs that read files, naming the input and the part", async () => {
    const dir = mkdtempSync(join(tmpdir(), "providerbench-export-"));
    const withFile = join(dir, "image.json");
    writeFileSync(
      withFile,
      JSON.stringify({ version: 1, name: "images", task: "image-classification", targets: [{ id: "a", endpointUrl: "sandbox:/fast/v1", model: "m" }], inputs: [{ file: "cat.png" }] }),
    );
    const result = await exportWith(["artillery", withFile, "-o", join(dir, "out")]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/: inputs\[0\]: reads the file cat\.png; an Artillery export cannot carry input files yet\n$/);
  });

  it("writes no key into the script or the processor: the granted variable's name only", () => {
    const checked = checkScenarioShape(scenarioJson);
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const scenario: Scenario = checked.scenario;
    const written = artilleryScript(scenario, 1) + artilleryProcessor(scenario, "run-1", [{ to: { kind: "target", targetId: "endpoint" }, variable: "MY_ENDPOINT_KEY" }]);
    expect(written).toContain('"endpoint=MY_ENDPOINT_KEY"');
    expect(written).not.toMatch(/hf_[A-Za-z0-9]{10,}|Bearer /);
  });

  it("sends a scenario's apiKeyEnv only when the export granted it with --key, and says where", async () => {
    const dir = mkdtempSync(join(tmpdir(), "providerbench-export-"));
    const scenarioPath = join(dir, "keyed.json");
    writeFileSync(scenarioPath, JSON.stringify(scenarioJson));
    const refused = await exportWith(["artillery", scenarioPath, "-o", join(dir, "refused")]);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain("targets[0].apiKeyEnv: endpoint asks for the key in MY_ENDPOINT_KEY, but a scenario file does not send an environment variable by itself: grant it with --key endpoint=MY_ENDPOINT_KEY");
    expect(existsSync(join(dir, "refused"))).toBe(false);
    const granted = await exportWith(["artillery", scenarioPath, "-o", join(dir, "granted"), "--key", "endpoint=MY_ENDPOINT_KEY"]);
    expect(granted.code).toBe(0);
    expect(granted.err).toBe("key: $MY_ENDPOINT_KEY goes to https://example.invalid only (target endpoint)\n");

    // A worker of a test exported without the grant sends nothing: it refuses to start.
    const checked = checkScenarioShape(scenarioJson);
    if (!checked.ok) throw new Error("invalid");
    const env = { MY_ENDPOINT_KEY: "sk-endpoint-key-1234" };
    expect(() => createArtilleryProcessor({ runId: "r", scenario: checked.scenario }, env)).toThrow(/grant it with --key endpoint=MY_ENDPOINT_KEY/);
    expect(() => createArtilleryProcessor({ runId: "r", scenario: checked.scenario, keys: ["endpoint=MY_ENDPOINT_KEY"] }, env)).not.toThrow();
  });

  it("never writes through a link named like one of its files: without --force it is refused, with it replaced", async () => {
    const dir = mkdtempSync(join(tmpdir(), "providerbench-export-"));
    const scenarioPath = join(dir, "plain.json");
    writeFileSync(scenarioPath, JSON.stringify({ ...scenarioJson, targets: [{ id: "endpoint", endpointUrl: "https://example.invalid/v1", model: "m" }] }));
    const out = join(dir, "out");
    mkdirSync(out);
    // A dangling link: stat calls it absent, and a plain write would create its target.
    symlinkSync(join(dir, "elsewhere.yml"), join(out, ARTILLERY_SCRIPT));
    const refused = await exportWith(["artillery", scenarioPath, "-o", out]);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(`${join(out, ARTILLERY_SCRIPT)} exists already (--force overwrites it)`);
    expect(existsSync(join(dir, "elsewhere.yml"))).toBe(false);
    const forced = await exportWith(["artillery", scenarioPath, "-o", out, "--force"]);
    expect(forced.code, forced.err).toBe(0);
    expect(lstatSync(join(out, ARTILLERY_SCRIPT)).isFile()).toBe(true);
    expect(existsSync(join(dir, "elsewhere.yml"))).toBe(false);
    expect(readdirSync(out).filter((name) => name.endsWith(".partial"))).toEqual([]);
  });

  it("gives every virtual user's share one request per target at once, however many inputs (past the file's limit of 1024)", () => {
    const checked = checkScenarioShape({ ...scenarioJson, targets: [scenarioJson.targets[0], { id: "b", endpointUrl: "sandbox:/fast/v1", model: "m" }], run: { repetitions: 7, warmup: 2, concurrency: 3 } });
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const inputCount = 5000;
    const pass = passScenario(checked.scenario, inputCount);
    for (const index of [0, 1023, 1024, 4999]) {
      const share = { index, count: inputCount };
      expect(shareOfLimit(pass.run.concurrency, share)).toBe(2);
      expect(shareOfLimit(pass.run.perTargetConcurrency!, share)).toBe(1);
      const mine = [...planRequests(pass, inputCount)].filter((planned) => inShare(planned, inputCount, share));
      expect(mine.map((planned) => [planned.targetId, planned.inputIndex, planned.warmup])).toEqual([
        ["endpoint", index, false],
        ["b", index, false],
      ]);
    }
  });
});
