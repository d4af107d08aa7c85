import { defineConfig } from "vitest/config";
import { bundledScenariosPlugin } from "./scripts/bundled-scenarios-plugin.ts";

export default defineConfig({
  // The app imports its shipped scenarios through this plugin (see vite.config.ts); tests import the app.
  plugins: [bundledScenariosPlugin(new URL("./scenarios", import.meta.url).pathname)],
  test: {
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/**/*.test.{ts,tsx}"], exclude: ["tests/e2e/**"], sequence: { groupOrder: 0 } },
      },
      {
        // The browser tests share one production build, and run one file at a time after everything
        // else: Chromium plus the sandbox fill a small machine, and timing assertions need it quiet.
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
