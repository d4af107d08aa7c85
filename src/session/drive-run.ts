// The run itself: the runner called with the scenario, its records and progress handed to the live run,
// its input files read and its binary outputs stored, until it completes, is aborted or fails.
import { redactText } from "../core/measure/secrets";
import type { RunProgress } from "../core/run/run-progress";
import { describeError } from "../core/text/describe-error";
import { putRunBlob, storedInputFileReader } from "../store/blobs";
import type { RunStatus } from "../store/db";
import type { LiveRun } from "./live-run";
import type { PreparedRun } from "./prepare-run";
import type { RunControllerDeps } from "./run-controller-deps";
import type { StartRequest } from "./run-snapshot";

export interface RunOutcome {
  status: Exclude<RunStatus, "running">;
  /** The runner's last progress; null when it threw. */
  progress: RunProgress | null;
  /** Why the runner threw, without the token or the endpoint keys. */
  failure: string | null;
}

export interface DriveOptions {
  request: StartRequest;
  prepared: PreparedRun;
  live: LiveRun;
  sandboxUrl: string;
  signal: AbortSignal;
}

export async function driveRun(deps: Pick<RunControllerDeps, "db" | "sandboxHostPerProfile" | "readInputFile" | "holdRunLock">, options: DriveOptions): Promise<RunOutcome> {
  const { prepared, live } = options;
  const { machinery, runId, accessToken, endpointKeys, resumed } = prepared;
  const runPromise = machinery.runScenario({
    runId,
    scenario: options.request.scenario,
    accessToken,
    endpointKeys: { byOrigin: endpointKeys },
    sandboxUrl: options.sandboxUrl,
    sandboxHostPerProfile: deps.sandboxHostPerProfile === true,
    signal: options.signal,
    ...(resumed ? { resume: resumed.plan } : {}),
    // The browser's fetch shows no phases; Resource Timing does where the server allows (docs/metrics.md).
    wireEventsSource: machinery.browserWireEventsSource() ?? undefined,
    // Input files: the person's own from the blobs table, bundled assets from the dashboard; binary
    // outputs (images, speech) into the blobs table, held by this run.
    readInputFile: storedInputFileReader(deps.db, (path) => deps.readInputFile?.(path) ?? Promise.reject(new Error(`file not found: ${path}`))),
    outputBlobSink: async (ref, blob) => {
      await putRunBlob(deps.db, runId, blob, ref.mime);
    },
    onRecord: live.onRecord,
    onProgress: live.onProgress,
  });
  deps.holdRunLock?.(runId, runPromise.catch(() => undefined));

  try {
    const result = await runPromise;
    return { status: result.status, progress: result.progress, failure: null };
  } catch (error) {
    const secrets = [...(accessToken ? [accessToken] : []), ...Object.values(endpointKeys)];
    return { status: "failed", progress: null, failure: redactText(describeError(error), secrets) };
  }
}
