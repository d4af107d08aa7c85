// main(argv, io) (src/cli/command-line.ts): each command found by its first word, its output on the
// streams it is handed, its settings from the environment it is handed, its answer the exit code.
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { USAGE } from "../../src/cli/args";
import { main } from "../../src/cli/command-line";
import { EXPORT_USAGE } from "../../src/cli/artillery/export-command";
import { EXIT_BAD_INPUT, EXIT_COMPLETED, EXIT_UNEXPECTED } from "../../src/cli/exit-codes";
import { SNIPPETS_USAGE } from "../../src/cli/snippets-command";
import { formatTaskCatalogue } from "../../src/cli/tasks-command";
import { terminalSafe } from "../../src/cli/terminal-safe";
import { runCliInProcess } from "../integration/cli-in-process";

describe("main(argv, io)", () => {
  it("prints the usage on the stdout it is given for --help, and nothing else", async () => {
    expect(await runCliInProcess(["--help"])).toEqual({ code: EXIT_COMPLETED, stdout: `${USAGE}\n`, stderr: "" });
  });

  it("hands tasks, snippets and export their own arguments", async () => {
    expect(await runCliInProcess(["tasks"])).toEqual({ code: EXIT_COMPLETED, stdout: terminalSafe(formatTaskCatalogue()), stderr: "" });
    expect(await runCliInProcess(["snippets", "--help"])).toEqual({ code: EXIT_COMPLETED, stdout: `${SNIPPETS_USAGE}\n`, stderr: "" });
    expect(await runCliInProcess(["export", "--help"])).toEqual({ code: EXIT_COMPLETED, stdout: `${EXPORT_USAGE}\n`, stderr: "" });
    expect(await runCliInProcess(["export", "k6", "s.json", "-o", "out"])).toMatchObject({ code: EXIT_BAD_INPUT, stdout: "", stderr: expect.stringContaining('unknown export format "k6"') as unknown });
  });

  it("reads its settings from the environment it is handed, not from the process's", async () => {
    const result = await runCliInProcess(["run", "scenarios/sandbox-chat.json"], { PROVIDERBENCH_TRANSPORT: "carrier-pigeon" });
    expect(result).toEqual({ code: EXIT_BAD_INPUT, stdout: "", stderr: expect.stringContaining('--transport must be one of undici, fetch, got "carrier-pigeon"') as unknown });
    expect(process.env.PROVIDERBENCH_TRANSPORT).toBeUndefined();
  });

  it("names an unknown command with one short error and exit code 2", async () => {
    const result = await runCliInProcess(["analyse", "run.jsonl"]);
    expect(result.code).toBe(EXIT_BAD_INPUT);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain('unknown command "analyse"');
    expect(result.stderr).not.toContain("Usage:");
  });

  it("reports an unexpected failure on the stderr it is handed with exit code 1, rather than throwing", async () => {
    const stderr = new PassThrough();
    let written = "";
    stderr.on("data", (chunk: Buffer) => (written += chunk.toString()));
    const failingEnvironment = new Proxy(
      {},
      {
        get: () => {
          throw new Error("the environment broke");
        },
      },
    );
    const code = await main(["run", "scenarios/sandbox-chat.json"], { stdout: new PassThrough(), stderr, env: failingEnvironment });
    expect(code).toBe(EXIT_UNEXPECTED);
    expect(written).toMatch(/^unexpected failure: Error: the environment broke\n/);
  });
});
