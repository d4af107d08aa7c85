// Compare all, in one action: the scenario with one target per provider (core/catalog), the preflight that
// drops the providers refusing (session/providers-preflight.ts), then the measured run of the rest through
// the app's run controller, its prices (with source and read time) and the preflight's drops stored with it.
// Framework-free, so a test drives it with its own controller and fetch.
import { buildProvidersScenario, type ProviderRow } from "../../../core/catalog";
import { formatScenarioErrors } from "../../../core/scenario";
import type { RunController } from "../../../session/run-controller";
import { runProvidersPreflight, type ProvidersPreflightContext } from "../../../session/providers-preflight";
import type { RunSnapshot } from "../../../session/run-snapshot";

export interface CompareAllRequest {
  modelId: string;
  task: string;
  rows: readonly ProviderRow[];
  prompts: readonly string[];
  repetitions: number;
  includeStaging: boolean;
}

export interface DroppedProvider {
  targetId: string;
  reason: string;
}

export type CompareAllResult =
  | { ok: true; runId: string; dropped: DroppedProvider[]; notes: { targetId: string; note: string }[]; excluded: { provider: string; reason: string }[] }
  | { ok: false; message: string; dropped: DroppedProvider[]; excluded: { provider: string; reason: string }[] };

export interface CompareAllContext extends Omit<ProvidersPreflightContext, "accessToken"> {
  controller: RunController;
  accessToken: string | null;
  /** Told when the preflight starts, with the number of providers it asks. */
  onPreflight?(providers: number): void;
}

export async function startCompareAll(request: CompareAllRequest, context: CompareAllContext): Promise<CompareAllResult> {
  const refused = (message: string, dropped: DroppedProvider[] = [], excluded: { provider: string; reason: string }[] = []): CompareAllResult => ({ ok: false, message, dropped, excluded });
  if (context.accessToken === null) return refused("Compare all calls every provider through Hugging Face: save a Hugging Face token in Settings first.");
  const phase = context.controller.getSnapshot().phase;
  if (phase === "checking" || phase === "running") return refused("A run is already in progress: wait for it to finish, or abort it on the Run page.");
  const built = buildProvidersScenario({
    modelId: request.modelId,
    task: request.task,
    rows: request.rows,
    scenario: { task: request.task, inputs: [...request.prompts], run: { repetitions: request.repetitions } },
    includeStaging: request.includeStaging,
  });
  if (!built.ok) return refused(formatScenarioErrors(built.errors), [], built.excluded);
  context.onPreflight?.(built.scenario.targets.length);
  const outcome = await runProvidersPreflight(built.scenario, { ...context, accessToken: context.accessToken });
  const dropped = outcome.dropped.map(({ targetId, reason }) => ({ targetId, reason }));
  if (outcome.scenario === null) return refused("No provider is left to compare: every one refused the preflight request.", dropped, built.excluded);
  const kept = new Set(outcome.scenario.targets.map((target) => target.id));
  const started = await startRun(context.controller, {
    scenario: outcome.scenario,
    scenarioId: null,
    replayOfRunId: null,
    prices: built.prices.filter((entry) => kept.has(entry.targetId)),
    preflight: { dropped, notes: outcome.notes },
  });
  if (started.runId === null) return refused(started.problem?.message ?? "The run did not start.", dropped, built.excluded);
  return { ok: true, runId: started.runId, dropped, notes: outcome.notes, excluded: built.excluded };
}

/** Starts the run and resolves once it has an id (its row is stored), or once it could not start. */
function startRun(controller: RunController, request: Parameters<RunController["start"]>[0]): Promise<RunSnapshot> {
  return new Promise((resolve) => {
    const finished = controller.start(request);
    const check = (): void => {
      const snapshot = controller.getSnapshot();
      if (snapshot.runId !== null || snapshot.phase === "finished") {
        unsubscribe();
        resolve(snapshot);
      }
    };
    const unsubscribe = controller.subscribe(check);
    check();
    finished.then(resolve, () => resolve(controller.getSnapshot()));
  });
}
