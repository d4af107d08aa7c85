import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { bundledScenariosPlugin } from "./scripts/bundled-scenarios-plugin.ts";
import { environmentGroupedSequencer } from "./tests/setup/environment-grouped-sequencer.ts";

/**
 * Files whose assertions rest on how long something took (the sandbox's exact profile, the wire's clock,
 * a pacer's schedule, a stream's chunk gaps, connection limits in Chromium, a gate that must see a 25%
 * drift and no other, how two workers' records interleave, the browser's concurrency sweep, which reads
 * saturation from the sandbox's own time per request and so needs a sandbox that is not starved): they
 * run before the rest, two at a time, never beside the CPU-bound pool (they mostly wait, so two leave
 * the cores nearly idle; one at a time made this phase about 40 s longer). Each judges its clock against
 * the lateness it measured itself, so the other one beside it, or a busy machine, is allowed for. They mostly wait on the
 * sandbox's clock, so `npm test` runs the lint and the type check beside them (about one core's work)
 * rather than beside the rest, which keeps both cores busy on its own. Each allows for a busy machine
 * itself (tests/integration/timer-lateness.ts). Timing judged by wider margins runs with the rest: the
 * nightly simulation (a 2.5× drift against a 40% allowance).
 */
const TIMING_FILES = [
  "tests/unit/attempt-deadlines.test.ts",
  "tests/integration/sandbox.test.ts",
  "tests/integration/sandbox-tasks.test.ts",
  "tests/integration/wire-transport.test.ts",
  "tests/integration/stream-figures.test.ts",
  "tests/integration/load-sandbox.test.ts",
  "tests/integration/runner-sandbox.test.ts",
  "tests/integration/runner-hf.test.ts",
  "tests/integration/cli-run-gate.test.ts",
  "tests/integration/cli-workers.test.ts",
  "tests/integration/server-metrics-sandbox.test.ts",
  "tests/integration/capacity-sandbox.test.ts",
  "tests/integration/prefix-cache-probe.test.ts",
  "tests/e2e/connection-limits.test.ts",
  "tests/e2e/load-sweep.test.ts",
];

/**
 * The timing files that take longest (48, 19 and 14 s on two cores), started first so the two workers
 * finish together: started last, as vitest's order by file size had it, the sweep alone held the group
 * about 20 s.
 */
const LONGEST_TIMING_FILES = ["tests/e2e/load-sweep.test.ts", "tests/integration/cli-run-gate.test.ts", "tests/integration/load-sandbox.test.ts"];

/**
 * Everything else runs in one group with more workers than cores: the unit files compute, the integration
 * files mostly wait on a spawned command line or the sandbox, and the browser files on pages in the shared
 * Chromium (vitest's own default on two cores would be one worker, every file after the other). The group's
 * projects share one pool, filled a project at a time (e2e, then node), once the timing files are done.
 */
const WORKERS = Math.max(4, availableParallelism() * 2);

const BUILD_CLI = "tests/setup/cli-bundle.ts";
const WAIT_LONGER_IN_COMPONENTS = "tests/setup/testing-library.ts";
const FRESH_INDEXEDDB = "tests/setup/fresh-indexeddb.ts";
const BUILD_SITE_AND_BROWSER = "tests/e2e/global-setup.ts";

export default defineConfig({
  // The app imports its shipped scenarios through this plugin (see vite.config.ts); tests import the app.
  plugins: [bundledScenariosPlugin(new URL("./scenarios", import.meta.url).pathname)],
  test: {
    environment: "node",
    // Bounds on a hang, not on speed: a test that computes (200,000 records, a thousand seeds) or drives
    // a browser takes several times longer on a busy machine, and must still pass there.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll waits for its condition up to thirty seconds, not one (testing-library's waits: tests/setup).
    expect: { poll: { timeout: 30_000 } },
    sequence: { sequencer: environmentGroupedSequencer(LONGEST_TIMING_FILES) },
    projects: [
      {
        // The unit and integration files in one project, so each source module is transformed once for
        // both (two projects are two module graphs): about an eighth less CPU than two projects. Worker
        // threads rather than processes, and a worker's files not isolated from each other, so a module
        // is loaded once per worker rather than once per file: the project alone on two cores went from
        // 170 s to about 148 s (330 to about 290 CPU-s), and to 98 s (185 CPU-s) once the files that share an
        // environment were queued together (environment-grouped-sequencer.ts: a worker is kept only for a
        // next file of its environment). What a file must not inherit from the one before is
        // reset for each file (fresh-indexeddb.ts); a module mocked with vi.mock is made once per worker,
        // so what a mock records lives in a module the files share (tests/unit/ui/started-runs.ts).
        extends: true,
        test: {
          name: "node",
          include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}"],
          exclude: TIMING_FILES,
          pool: "threads",
          isolate: false,
          setupFiles: [FRESH_INDEXEDDB, WAIT_LONGER_IN_COMPONENTS],
          globalSetup: [BUILD_CLI],
          maxWorkers: WORKERS,
          sequence: { groupOrder: 2 },
        },
      },
      {
        // One production build and one Chromium for every browser file (global-setup.ts); each file
        // opens its own browser context, so files share nothing but the process.
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          exclude: TIMING_FILES,
          globalSetup: [BUILD_CLI, BUILD_SITE_AND_BROWSER],
          maxWorkers: WORKERS,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: "timing",
          include: TIMING_FILES,
          setupFiles: [WAIT_LONGER_IN_COMPONENTS],
          globalSetup: [BUILD_CLI, BUILD_SITE_AND_BROWSER],
          maxWorkers: 2,
          // Before the rest's 2 (a project of order 0 with one worker would go to vitest's group that runs last).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
