// Builds the command line once for every test that spawns it (scripts/build-cli.ts, as the package ships
// it): plain Node starts the bundle in about half the time `node --import tsx src/cli/main.ts` takes,
// and a hundred spawns add up. Inside the repository, so the bundle's imports resolve from node_modules.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { buildCli } from "../../scripts/build-cli";

declare module "vitest" {
  export interface ProvidedContext {
    /** The built command line (dist-like providerbench.js with its workers beside it) the CLI tests spawn. */
    cliBundle: string;
  }
}

const REPOSITORY_ROOT = resolve(import.meta.dirname, "../..");

async function buildOnce(): Promise<{ bundle: string; directory: string }> {
  mkdirSync(join(REPOSITORY_ROOT, "test-artifacts"), { recursive: true });
  const directory = mkdtempSync(join(REPOSITORY_ROOT, "test-artifacts", "cli-"));
  return { bundle: await buildCli(join(directory, "providerbench.js")), directory };
}

/** Several projects use this setup: one build for all of them, kept on the process running them. */
const shared = globalThis as typeof globalThis & { providerbenchCliBundle?: Promise<{ bundle: string; directory: string }> };

export default async function setup(project: TestProject): Promise<() => void> {
  shared.providerbenchCliBundle ??= buildOnce();
  const { bundle, directory } = await shared.providerbenchCliBundle;
  project.provide("cliBundle", bundle);
  return () => rmSync(directory, { recursive: true, force: true });
}
