// Builds the app once for every browser file (vite build takes seconds; each file building its own would
// multiply that) and starts one Chromium they all connect to (each file in its own context), and hands
// the site folder, the first screen's module list and the browser's address to the tests.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserServer } from "playwright-core";
import type { TestProject } from "vitest/node";
import { buildSite, type SiteBuildOutput } from "../../scripts/build-site";
import { CHROMIUM_ARGS, CHROMIUM_PATH, assertChromiumInstalled } from "./chromium-install";

declare module "vitest" {
  export interface ProvidedContext {
    /** The production build (`vite build` output) the e2e tests serve. */
    siteDirectory: string;
    /** Every module in the entry chunk and the chunks it imports statically: what the first screen loads. */
    firstScreenModules: string[];
    /** The shared Chromium's address for playwright's `chromium.connect`. */
    browserEndpoint: string;
  }
}

function modulesLoadedUpFront(output: SiteBuildOutput): string[] {
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

interface SharedBrowserSetup {
  siteDirectory: string;
  firstScreenModules: string[];
  browser: BrowserServer;
  close(): Promise<void>;
}

async function buildAndLaunch(): Promise<SharedBrowserSetup> {
  assertChromiumInstalled();
  const workDirectory = await mkdtemp(join(tmpdir(), "providerbench-site-"));
  const siteDirectory = join(workDirectory, "site");
  const [output, browser] = await Promise.all([
    buildSite(siteDirectory, { withSourceMaps: false }),
    chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS }),
  ]);
  return {
    siteDirectory,
    firstScreenModules: modulesLoadedUpFront(output),
    browser,
    close: async () => {
      await browser.close();
      await rm(workDirectory, { recursive: true, force: true });
    },
  };
}

/**
 * Two projects use this setup (the browser files that run side by side, and those that assert timing and
 * run alone at the end): one build and one browser for both, kept on the process running them.
 */
const shared = globalThis as typeof globalThis & { providerbenchBrowserSetup?: Promise<SharedBrowserSetup> };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared.providerbenchBrowserSetup ??= buildAndLaunch();
  const { siteDirectory, firstScreenModules, browser, close } = await shared.providerbenchBrowserSetup;
  project.provide("siteDirectory", siteDirectory);
  project.provide("firstScreenModules", firstScreenModules);
  project.provide("browserEndpoint", browser.wsEndpoint());
  return async () => {
    if (shared.providerbenchBrowserSetup === undefined) return;
    shared.providerbenchBrowserSetup = undefined;
    await close();
  };
}
