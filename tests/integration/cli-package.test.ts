// The `providerbench` command as a package ships it: the bundled file, run by plain Node (no tsx), with
// only the package's runtime dependencies to import.
import { execFile } from "node:child_process";
import { builtinModules } from "node:module";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { CLI_BUNDLE } from "../../scripts/build-cli";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";

const run = promisify(execFile);
const repoRoot = new URL("../../", import.meta.url).pathname;
const packageJson = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
  bin: Record<string, string>;
  dependencies: Record<string, string>;
  scripts: Record<string, string>;
  files: string[];
};

// The package's build (scripts/build-cli.ts), made once for the test run by tests/setup/cli-bundle.ts.
const bundle = inject("cliBundle");

let sandbox: Sandbox;
let workDir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, timeScale: 0.2 });
  workDir = mkdtempSync(join(tmpdir(), "providerbench-package-"));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(workDir, { recursive: true, force: true });
});

function cli(args: string[]) {
  return run(process.execPath, [bundle, ...args], { cwd: repoRoot, env: { ...process.env, PROVIDERBENCH_SANDBOX_URL: sandbox.url } });
}

describe("the packaged command", () => {
  it("is what package.json's bin names, built before packing and shipped in the package", () => {
    expect(packageJson.bin.providerbench).toBe(CLI_BUNDLE);
    expect(packageJson.scripts.prepack).toContain("build:cli");
    expect(packageJson.files).toContain("dist/cli");
  });

  it("starts with a shebang and imports nothing but Node's modules and the package's runtime dependencies", () => {
    const text = readFileSync(bundle, "utf8");
    expect(text.startsWith("#!/usr/bin/env node\n")).toBe(true);
    const specifiers = [...text.matchAll(/^import .*? from "([^"]+)";$|^import "([^"]+)";$/gm)].map((match) => match[1] ?? match[2]!);
    expect(specifiers.length).toBeGreaterThan(0);
    const packageOf = (specifier: string) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");
    const foreign = specifiers.filter(
      (specifier) => !specifier.startsWith("node:") && !builtinModules.includes(specifier) && !(packageOf(specifier) in packageJson.dependencies),
    );
    expect(foreign).toEqual([]);
    // No dynamic import or require of anything else either.
    expect(text).not.toMatch(/\brequire\(|\bimport\("(?!node:)/);
  });

  it("prints its usage", async () => {
    const { stdout } = await cli(["--help"]);
    expect(stdout).toContain("Usage:");
    expect(stdout).toContain("--jsonl <file>");
  });

  it("runs a scenario against the sandbox and writes its summary", async () => {
    const summary = join(workDir, "summary.json");
    const { stdout } = await cli(["run", "scenarios/sandbox-chat-streaming.json", "--repetitions", "1", "--summary", summary, "--quiet"]);
    const written = JSON.parse(readFileSync(summary, "utf8")) as { status: string; targets: { targetId: string; requests: number }[] };
    expect(written.status).toBe("completed");
    expect(written.targets.length).toBeGreaterThan(0);
    expect(written.targets.every((target) => target.requests > 0)).toBe(true);
    // The summary table, one line per target.
    expect(stdout.trimEnd().split("\n").length).toBeGreaterThan(written.targets.length);
  });
});
