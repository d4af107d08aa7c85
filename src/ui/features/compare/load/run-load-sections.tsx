// The Compare page's load sections: where each target saturates (a sweep's or a capacity search's curves,
// and the load over time of any open loop, a trace's replay included), and a parameter sweep's levels.
import type { RequestRecord } from "../../../../core/record";
import { isTraceInputs } from "../../../../core/scenario/trace-replay-inputs";
import type { StoredRun } from "../../../../store/db";
import { Section } from "../../../components/ui/section";
import { describeTargets } from "../target-info";
import { connectionSharesOf } from "../validity/connection-shares";
import { LevelCurves } from "./level-curves";
import { LoadCurves } from "./load-curves";
import { LoadTimeSlices } from "./load-time-slices";

export function RunLoadSections({ run, records }: { run: StoredRun; records: RequestRecord[] }) {
  const { spec } = run;
  const targets = describeTargets(spec.targets.map((target) => target.id), spec);
  return (
    <>
      {/* A trace's replay is an open loop with or without run.load: its effective latency over time shows its bursts. */}
      {spec.run.load !== undefined || isTraceInputs(spec.inputs) ? (
        <Section title="Load: where each target saturates" testId="load-section">
          {spec.run.load?.sweep !== undefined || spec.run.load?.findCapacity !== undefined ? (
            <LoadCurves records={records} scenario={spec} targets={targets} connectionShares={connectionSharesOf(run.validity)} />
          ) : null}
          <LoadTimeSlices records={records} targets={targets} />
        </Section>
      ) : null}
      {spec.run.parameterSweep !== undefined ? (
        <Section title={`${spec.run.parameterSweep.parameter}: latency and cost against pass rate`} testId="level-section">
          <LevelCurves records={records} scenario={spec} targets={targets} />
        </Section>
      ) : null}
    </>
  );
}
