// The app's production build, as `npm run build` makes it (`vite build` with vite.config.ts), for the
// browser tests and the benchmarks that drive or measure the built site.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const REPOSITORY_ROOT = fileURLToPath(new URL("..", import.meta.url));

export type SiteBuildOutput = Awaited<ReturnType<typeof build>>;

/**
 * Builds the app into `outDir`, with vite.config.ts's source maps or none. Vite builds for the NODE_ENV it
 * finds, and vitest sets it to "test": built from a test's setup without this, the site carried React's
 * development build (its checks and jsxDEV on every render, about a quarter more CPU in the browser
 * tests), not the site a user gets. Set only while the build runs (vitest runs every project's global
 * setup before it starts a worker).
 */
export async function buildSite(outDir: string, options: { withSourceMaps: boolean }): Promise<SiteBuildOutput> {
  const nodeEnvBefore = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    return await build({
      root: REPOSITORY_ROOT,
      configFile: join(REPOSITORY_ROOT, "vite.config.ts"),
      logLevel: "error",
      // vite.config.ts ships source maps; a site only served to a browser under test needs none.
      build: { outDir, emptyOutDir: true, ...(options.withSourceMaps ? {} : { sourcemap: false }) },
    });
  } finally {
    if (nodeEnvBefore === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnvBefore;
  }
}
