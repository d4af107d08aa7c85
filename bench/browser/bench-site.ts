// The site the browser benchmarks drive: the production build of the app at `/` and the bench page
// at `/bench/`, from one origin, so both see the same IndexedDB database.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "vite";
import { buildSite } from "../../scripts/build-site";
import { serveDirectory } from "../../tests/e2e/static-server";

const BENCH_PAGE_ROOT = new URL("./page/", import.meta.url).pathname;

export interface BenchSite {
  /** http://127.0.0.1:port, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

export async function buildAndServeBenchSite(): Promise<BenchSite> {
  const workDir = await mkdtemp(join(tmpdir(), "providerbench-browser-bench-"));
  const siteDir = join(workDir, "site");
  try {
    await buildSite(siteDir, { withSourceMaps: false });
    // Its own root and no config file: the bench page has no React and needs none of the app's plugins.
    await build({
      root: BENCH_PAGE_ROOT,
      configFile: false,
      base: "./",
      logLevel: "error",
      build: { outDir: join(siteDir, "bench"), emptyOutDir: true, sourcemap: false },
    });
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
  const server = await serveDirectory(siteDir);
  return {
    url: server.url,
    close: async () => {
      await server.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
