// The sandbox `npm start` runs beside the dashboard: on the port asked for, or on the usual one.
import { DEFAULT_SANDBOX_URL } from "../core/run";
import type { Drift } from "../sandbox/drift";
import { startSandbox, type Sandbox } from "../sandbox/server";

export const START_HOST = "127.0.0.1";
const PREFERRED_SANDBOX_PORT = Number(new URL(DEFAULT_SANDBOX_URL).port);

/**
 * The port asked for (that port or an error naming it), or else the usual one when it is free (so
 * bookmarks and `?sandbox=` links keep working), else any free one.
 */
export async function startSandboxOn(port: number | null, drifted: { drift: Drift[]; runNumber: number }): Promise<Sandbox> {
  if (port !== null) {
    return startSandbox({ port, host: START_HOST, ...drifted }).catch((error: NodeJS.ErrnoException) => {
      throw error.code === "EADDRINUSE" ? new Error(`--sandbox-port ${port}: the port is already in use on ${START_HOST}`) : error;
    });
  }
  try {
    return await startSandbox({ port: PREFERRED_SANDBOX_PORT, host: START_HOST, ...drifted });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    return startSandbox({ port: 0, host: START_HOST, ...drifted });
  }
}
