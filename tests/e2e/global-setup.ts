// Builds the app once for every e2e file (vite build takes seconds; each file building its own would
// multiply that), and hands the site folder and the first screen's module list to the tests.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "vite";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The production build (`vite build` output) the e2e tests serve. */
    siteDirectory: string;
    /** Every module in the entry chunk and the chunks it imports statically: what the first screen loads. */
    firstScreenModules: string[];
  }
}

const REPOSITORY_ROOT = resolve(import.meta.dirname, "../..");

type BuildOutput = Awaited<ReturnType<typeof build>>;

function modulesLoadedUpFront(output: BuildOutput): string[] {
  if (!("output" in output)) throw new Error("expected one build output");
  const chunks = new Map(output.output.flatMap((item) => (item.type === "chunk" ? [[item.fileName, item] as const] : [])));
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) throw new Error("the build has no entry chunk");
  const seen = new Set<string>();
  const visit = (fileName: string): void => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  visit(entry.fileName);
  return [...seen].flatMap((fileName) => chunks.get(fileName)?.moduleIds ?? []);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const workDirectory = await mkdtemp(join(tmpdir(), "providerbench-site-"));
  const siteDirectory = join(workDirectory, "site");
  const output = await build({
    root: REPOSITORY_ROOT,
    configFile: join(REPOSITORY_ROOT, "vite.config.ts"),
    logLevel: "error",
    build: { outDir: siteDirectory, emptyOutDir: true, sourcemap: false },
  });
  project.provide("siteDirectory", siteDirectory);
  project.provide("firstScreenModules", modulesLoadedUpFront(output));
  return () => rm(workDirectory, { recursive: true, force: true });
}
