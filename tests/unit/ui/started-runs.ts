// The run launcher the page tests put in place of the real one (vi.mock of ui/features/run/run-launcher):
// it records the runs a page starts instead of running them. One list for every file that mocks it: the
// node project does not isolate a worker's files (vitest.config.ts), and a mocked module, like any other,
// is made once per worker, so a list of each file's own would be the first file's for every file after it.
import type { StartRequest } from "../../../src/session/run-snapshot";

/** The runs started since the last `startedRuns.length = 0`. */
export const startedRuns: StartRequest[] = [];

export const recordingRunLauncher = {
  getRunController: () => ({ start: async (request: StartRequest) => void startedRuns.push(request) }),
};
