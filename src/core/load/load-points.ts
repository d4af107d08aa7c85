// A target's points over the stages of a load run, in order of offered load: what the saturation judgement
// reads, built alike for the Compare page's curves, the command line's report and stopWhenSaturated.
import { loadPoint, type LoadPoint } from "./saturation";
import type { StageSummaries } from "./stage-summaries";
import type { Stage } from "./stages";

/**
 * How many of one target's requests a closed stage asks to keep in flight: its level, or its share of
 * the run's limit when that is the tighter (the client's own cap). Null for an open loop.
 */
export function offeredInFlight(stage: Stage | undefined): number | null {
  if (stage === undefined || stage.load.mode !== "closed") return null;
  return Math.min(stage.load.perTarget, stage.load.total / Math.max(1, stage.targetIds.length));
}

/** `connectionShare`: in a browser, the target's share of the connections to a host it shares (saturation.ts's connectionShares). */
export function targetLoadPoints(summaries: StageSummaries, stages: readonly Stage[], order: readonly number[], targetId: string, connectionShare: number | null = null): LoadPoint[] {
  return order.flatMap((stage) => {
    const row = summaries.rows(stage, [targetId])?.find((candidate) => candidate.targetId === targetId);
    if (!row || row.requests === 0) return [];
    const inFlight = { offered: offeredInFlight(stages.find((candidate) => candidate.index === stage)), held: summaries.heldInFlight(stage, targetId), connectionShare };
    return [loadPoint(stage, row, { completionTimes: summaries.completionTimes(stage, targetId), inFlight, providerTimesMs: summaries.providerTimesMs(stage, targetId) })];
  });
}
