// The `providerbench` command as a package ships it: the bundled files, run by plain Node (no tsx), with
// only the package's runtime dependencies to import.
import { execFile } from "node:child_process";
import { builtinModules } from "node:module";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { CHUNK_FILE, CLI_BUNDLE } from "../../scripts/build-cli";
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

/**
 * What a module of the built command imports: `specifiers`, the packages and Node modules; `chunks`, the
 * command's own modules beside it (static imports, and dynamic ones unless `staticOnly`).
 */
function importsOf(name: string, options: { staticOnly?: boolean } = {}): { specifiers: string[]; chunks: string[] } {
  const text = readFileSync(join(dirname(bundle), name), "utf8");
  const staticImports = [...text.matchAll(/^import (?:[^";]*? from )?"([^"]+)";$/gm)].map((match) => match[1]!);
  const dynamicImports = options.staticOnly ? [] : [...text.matchAll(/\bimport\("([^"]+)"\)/g)].map((match) => match[1]!);
  const all = [...staticImports, ...dynamicImports];
  return { specifiers: all.filter((specifier) => !specifier.startsWith("./")), chunks: all.filter((specifier) => specifier.startsWith("./")).map((specifier) => specifier.slice(2)) };
}

/** A require, or a dynamic import of a literal that is not a Node module, a chunk or a runtime dependency. */
const NOT_IMPORTABLE = new RegExp(
  `\\brequire\\(|\\bimport\\("(?!node:|\\./chunk-[A-Z0-9]{8}\\.js"|(?:${Object.keys(packageJson.dependencies).map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|")})["/])`,
);

function cli(args: string[]) {
  return run(process.execPath, [bundle, ...args], { cwd: repoRoot, env: { ...process.env, PROVIDERBENCH_SANDBOX_URL: sandbox.url } });
}

describe("the packaged command", () => {
  it("is what package.json's bin names, built before packing and shipped in the package", () => {
    expect(packageJson.bin.providerbench).toBe(CLI_BUNDLE);
    expect(packageJson.scripts.prepack).toContain("build:cli");
    expect(packageJson.files).toContain("dist/cli");
  });

  it("starts with a shebang, and its modules import nothing but Node's modules, the package's runtime dependencies and each other", () => {
    expect(readFileSync(bundle, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
    expect(importsOf(basename(bundle)).chunks.length).toBeGreaterThan(0);
    const shipped = readdirSync(dirname(bundle)).filter((name) => name.endsWith(".js"));
    expect(shipped).toEqual(expect.arrayContaining([basename(bundle), "scenario-worker.js", "run-worker.js"]));
    expect(shipped.filter((name) => CHUNK_FILE.test(name)).length).toBeGreaterThan(0);
    const packageOf = (specifier: string) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");
    expect(shipped.flatMap((name) => importsOf(name).specifiers).length).toBeGreaterThan(0);
    for (const name of shipped) {
      const { specifiers, chunks } = importsOf(name);
      const foreign = specifiers.filter(
        (specifier) => !specifier.startsWith("node:") && !builtinModules.includes(specifier) && !(packageOf(specifier) in packageJson.dependencies),
      );
      expect(foreign, name).toEqual([]);
      // Its own modules are files shipped beside it.
      expect(chunks.filter((chunk) => !shipped.includes(chunk)), name).toEqual([]);
      // No dynamic import or require of anything else either: a dynamic import names a Node module, a chunk,
      // or a runtime dependency loaded when needed (the offline tokenizer's encodings).
      expect(readFileSync(join(dirname(bundle), name), "utf8"), name).not.toMatch(NOT_IMPORTABLE);
    }
  });

  it("loads the runner, its transport and undici only for run: --help's modules import none of them", () => {
    const loaded = new Set<string>();
    const packages = new Set<string>();
    const visit = (name: string): void => {
      if (loaded.has(name)) return;
      loaded.add(name);
      const { specifiers, chunks } = importsOf(name, { staticOnly: true });
      for (const specifier of specifiers) packages.add(specifier);
      for (const chunk of chunks) visit(chunk);
    };
    visit(basename(bundle));
    expect(packages).not.toContain("undici");
    const everything = [...loaded].map((name) => readFileSync(join(dirname(bundle), name), "utf8")).join("\n");
    expect(everything).not.toContain("function runScenario(");
    expect(everything).not.toContain("function createRunTransport(");
    // The run's modules are there, loaded when it is asked for.
    const all = readdirSync(dirname(bundle)).filter((name) => CHUNK_FILE.test(name)).map((name) => readFileSync(join(dirname(bundle), name), "utf8")).join("\n");
    expect(all).toContain("function runScenario(");
    expect(all).toContain('from "undici"');
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
