// What a run's summary and scenario add to the client's figures: how it paced its requests, and each
// target's footing (token counts reported or estimated, the client's queue). Shared by every front end.
import { isTraceInputs, type Scenario } from "../scenario";
import type { SummaryRow } from "../stats";
import type { LoopKind, TargetFooting } from "./client-validity";

/** A closed loop unless run.load is open or sweeps rates, or a trace is replayed (open, at its times); the automatic sweep has a closed pass and open ones. */
export function loopKindOf(scenario: Scenario): LoopKind {
  if (isTraceInputs(scenario.inputs)) return "open";
  const load = scenario.run.load;
  if (load === undefined) return "closed";
  if (load.sweep?.over === "auto") return "closed and open";
  return load.mode === "open" || load.sweep?.over === "rate" ? "open" : "closed";
}

export function targetFootings(rows: readonly SummaryRow[]): TargetFooting[] {
  return rows.map((row) => ({ targetId: row.targetId, tokenCounts: row.tokensEstimated ? "estimated" : "reported", queueP99Ms: row.queueMs.p99 }));
}
