// The run controller the page tests hand the views (through AppProviders, app-providers.tsx): it records the
// runs a page starts instead of running them. One list for every file: the node project does not isolate a
// worker's files (vitest.config.ts), so each file empties it after each test.
import type { RunController } from "../../../src/session/run-controller";
import { IDLE_SNAPSHOT, type StartRequest } from "../../../src/session/run-snapshot";

/** The runs started since the last `startedRuns.length = 0`. */
export const startedRuns: StartRequest[] = [];

export const recordingRunController: RunController = {
  subscribe: () => () => {},
  getSnapshot: () => IDLE_SNAPSHOT,
  start: async (request) => {
    startedRuns.push(request);
    return IDLE_SNAPSHOT;
  },
  abort: () => {},
};
