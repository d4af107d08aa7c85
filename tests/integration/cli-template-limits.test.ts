// A hostile template at validation: the command line stops it (core limits first, a killable worker
// second) and exits with an error naming inputs.template, instead of hanging or running out of memory.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCliProcess, type CliResult } from "./cli-process";
import { checkScenarioInWorker, ValidationStopped } from "../../src/cli/check-in-worker";
import { EXIT_BAD_INPUT } from "../../src/cli/exit-codes";

let workDir: string;
beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), "providerbench-cli-template-"));
});

function scenarioText(template: string, variables: Record<string, unknown>[] = [{ n: 1 }]): string {
  return JSON.stringify({
    version: 1,
    name: "hostile template",
    task: "chat-completion",
    // Nothing listens here: the run must end at validation, before any request.
    targets: [{ id: "a", endpointUrl: "http://127.0.0.1:9/v1", model: "m" }],
    inputs: { template, variables },
  });
}

function runCli(scenarioPath: string): Promise<CliResult> {
  return runCliProcess(["run", scenarioPath]);
}

describe("hostile templates at the command line", () => {
  it.each([
    ["range(1e9)", "{% for i in range(n) %}x{% endfor %}", [{ n: 1e9 }], /range\(\) of 1,000,000,000 items/],
    // Whichever of the template's two bounds comes first stops it: its steps of work on a quiet machine, its
    // time on a busy one (the work bound alone is pinned on a fake clock in tests/unit/template.test.ts).
    ["nested loops", "{% for i in range(5000) %}{% for j in range(5000) %}{{ j }}{% endfor %}{% endfor %}", [{}], /steps of work|takes longer than 3,000 ms/],
  ])("stops %s with an error naming inputs.template, and exits", async (_name, template, variables, pattern) => {
    const path = join(workDir, `${_name.replace(/\W/g, "")}.json`);
    writeFileSync(path, scenarioText(template, variables));
    const result = await runCli(path);
    expect(result.code).toBe(EXIT_BAD_INPUT);
    expect(result.stderr).toContain("inputs.template:");
    expect(result.stderr).toMatch(pattern);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("terminates the validation worker at its deadline, naming inputs.template", async () => {
    // A 1 ms deadline: no worker starts that fast, so the kill switch is what answers.
    await expect(checkScenarioInWorker(scenarioText("{{ n }}"), { concurrency: undefined, repetitions: undefined }, { timeoutMs: 1, maxHeapMb: 256 })).rejects.toThrow(
      new ValidationStopped("inputs.template: validating the scenario took longer than 0.001 s and was stopped"),
    );
  });

  it("answers from the worker when the scenario is fine", async () => {
    const check = await checkScenarioInWorker(scenarioText("Say {{ n }}"), { concurrency: 3, repetitions: undefined });
    expect(check.kind).toBe("ok");
    if (check.kind === "ok") expect(check.scenario.run.concurrency).toBe(3);
  });
});
