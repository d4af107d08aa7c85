// Everything before the first request: the runner loaded, the preflight passed, a run to resume read back
// and reopened, or a new run's row written. A run that cannot go comes back as one problem.
import { describeError } from "../core/text/describe-error";
import type { Clock } from "../core/measure/clock";
import type { RunProgress } from "../core/run/run-progress";
import type { Scenario } from "../core/scenario/types";
import type { RunControllerDeps } from "./run-controller-deps";
import { preflight } from "./preflight";
import { prepareResume, type ResumedRun } from "./resume-run";
import { createRunRow } from "./run-row";
import type * as RunMachinery from "./run-machinery";
import type { RunProblem, StartRequest } from "./run-snapshot";

export interface PreparedRun {
  machinery: typeof RunMachinery;
  /** Wall-clock times of the run row. */
  clock: Clock;
  accessToken: string | undefined;
  /** Endpoint keys saved in Settings, by origin. */
  endpointKeys: Readonly<Record<string, string>>;
  runId: string;
  startedAt: number;
  /** Set when the request resumes a stored run. */
  resumed: ResumedRun | null;
  progressAtStart: RunProgress;
}

type Refused = { problem: RunProblem };

export type PrepareDeps = Pick<
  RunControllerDeps,
  | "db"
  | "loadMachinery"
  | "readAccessToken"
  | "readEndpointKeys"
  | "sandboxHostPerProfile"
  | "fetch"
  | "newRunId"
  | "clock"
  | "appVersion"
  | "libraryVersions"
  | "userAgent"
>;

export async function prepareRun(deps: PrepareDeps, request: StartRequest, sandboxUrl: string): Promise<PreparedRun | Refused> {
  const { scenario } = request;
  let machinery: typeof RunMachinery;
  try {
    machinery = await deps.loadMachinery();
  } catch (error) {
    return { problem: { kind: "failed", message: `Could not load the runner: ${describeError(error)}` } };
  }
  const clock = deps.clock ?? machinery.systemClock;
  const accessToken = deps.readAccessToken() || undefined;
  const endpointKeys = deps.readEndpointKeys?.() ?? {};
  const checked = await preflight(scenario, { machinery, accessToken, sandboxUrl, fetch: deps.fetch ?? globalThis.fetch.bind(globalThis), endpointKeys, sandboxHostPerProfile: deps.sandboxHostPerProfile === true });
  if (!checked.ok) return { problem: checked.problem };

  const runId = request.resumeRunId ?? deps.newRunId?.() ?? crypto.randomUUID();
  const startedAt = clock.epochMs();
  let resumed: ResumedRun | null = null;
  if (request.resumeRunId !== undefined) {
    const read = await readResumedRun(deps, machinery, request.resumeRunId, scenario, checked.inputCount);
    if ("problem" in read) return read;
    resumed = read;
  }
  const progressAtStart = machinery.emptyProgress(resumed?.plan.remaining ?? checked.planned);
  if (resumed === null) {
    const refused = await writeNewRunRow(deps, machinery, request, { runId, startedAt, planned: progressAtStart.planned });
    if (refused !== null) return refused;
  }
  return { machinery, clock, accessToken, endpointKeys, runId, startedAt, resumed, progressAtStart };
}

async function readResumedRun(
  deps: PrepareDeps,
  machinery: typeof RunMachinery,
  runId: string,
  scenario: Scenario,
  inputCount: number,
): Promise<ResumedRun | Refused> {
  try {
    const prepared = await prepareResume(deps.db, machinery, runId, scenario, inputCount);
    return "problem" in prepared ? { problem: { kind: "failed", message: prepared.problem } } : prepared;
  } catch (error) {
    return { problem: { kind: "storage", message: `Could not read the run to resume: ${describeError(error)}` } };
  }
}

async function writeNewRunRow(
  deps: PrepareDeps,
  machinery: typeof RunMachinery,
  request: StartRequest,
  row: { runId: string; startedAt: number; planned: number },
): Promise<Refused | null> {
  try {
    await createRunRow(deps.db, {
      ...row,
      scenario: request.scenario,
      scenarioId: request.scenarioId,
      replayOfRunId: request.replayOfRunId ?? null,
      appVersion: deps.appVersion,
      libraryVersions: { ...deps.libraryVersions, "@huggingface/inference": machinery.inferenceLibraryVersion },
      userAgent: deps.userAgent,
      prices: request.prices,
      preflight: request.preflight,
    });
    return null;
  } catch (error) {
    return { problem: { kind: "storage", message: `Could not save the run: ${describeError(error)}` } };
  }
}
