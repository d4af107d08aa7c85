// A simulated fortnight of nightly runs of one scenario: three targets, one of them slowed by a factor from
// a given night on (seeded log-normal latencies, gate-fixtures.ts). The Trends view's unit and e2e tests
// read it, the latter as run bundles written with the bundle writer.
import type { BundleRun } from "../../src/core/io/bundle";
import type { RequestRecord } from "../../src/core/record";
import { type Scenario, validateScenario } from "../../src/core/scenario";
import { gateRecords } from "./gate-fixtures";

export const NIGHT_MS = 86_400_000;
export const FIRST_NIGHT = 1_700_000_000_000;

export interface NightlySeriesShape {
  nights?: number;
  targets?: string[];
  /** The target that slows, from `fromNight` (1-based) on, by `factor`. */
  slowed?: string;
  fromNight?: number;
  factor?: number;
  requests?: number;
  /** Run ids are `${runIdPrefix}-01` …; "night" unless told. */
  runIdPrefix?: string;
  scenarioName?: string;
}

export interface NightlyRun {
  run: BundleRun;
  records: RequestRecord[];
}

/** The scenario every night ran: priced, so cost has a trend too. */
export function nightlyScenario(targets: string[], name = "Nightly: streaming chat"): Scenario {
  const result = validateScenario({
    version: 1,
    name,
    task: "chat-completion",
    targets: targets.map((id) => ({ id, endpointUrl: `sandbox:/${id}/v1`, model: "m", price: { inputPerMillionTokens: 0.5, outputPerMillionTokens: 1.5 } })),
    inputs: ["Say hello"],
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

export function nightlySeries({ nights = 12, targets = ["fast", "steady", "slow"], slowed = "slow", fromNight = 8, factor = 1.25, requests = 60, runIdPrefix = "night", scenarioName }: NightlySeriesShape = {}): NightlyRun[] {
  const scenario = nightlyScenario(targets, scenarioName);
  return Array.from({ length: nights }, (_, index) => {
    const night = index + 1;
    const runId = `${runIdPrefix}-${String(night).padStart(2, "0")}`;
    const startedAt = FIRST_NIGHT + index * NIGHT_MS;
    const records = targets.flatMap((targetId, targetIndex) =>
      gateRecords({ seed: 1000 * (targetIndex + 1) + night, targets: [targetId], requests, start: startedAt, scale: targetId === slowed && night >= fromNight ? factor : 1 }).map(
        (record) => ({ ...record, runId, inputTokens: 12, outputTokens: record.status === "ok" ? 48 : null }),
      ),
    );
    const run: BundleRun = {
      id: runId,
      scenarioName: scenario.name,
      scenario,
      startedAt,
      planned: records.length,
      appVersion: "test",
      libraryVersions: {},
      origin: { label: "nightly-ci", tool: "providerbench-cli", toolVersion: "test", host: "ci-runner", userAgent: null },
      replayOfRunId: null,
    };
    return { run, records };
  });
}
