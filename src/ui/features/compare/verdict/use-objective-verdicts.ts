// Every objective's verdict for a run (core/verdict: the one computation, for this page and `analyze`), with
// the paired comparisons it rests on and the targets' labels and colours: the verdict panel and the
// providers' cost table render the same verdicts.
import { useDeferredValue, useMemo } from "react";
import { measuredFigures } from "../../../../core/metrics/measured-figures";
import type { RequestRecord } from "../../../../core/record";
import type { Scenario } from "../../../../core/scenario";
import type { Comparison, SummaryRow } from "../../../../core/stats";
import { objectiveVerdicts, type ObjectiveVerdict } from "../../../../core/verdict";
import { LARGE_RUN_LEFT_TO_CLI } from "../large-run";
import { describeTargets, targetInfoById, type TargetInfo } from "../target-info";
import { usePairwiseComparisons } from "./pairwise-comparisons";

/** What the paired objectives say for a run too large to read whole, whose records never come. */
const LARGE_RUN_VERDICT = `Not tested: ${LARGE_RUN_LEFT_TO_CLI}`;

export interface RunVerdicts {
  /** null until the summary is there. */
  verdicts: ObjectiveVerdict[] | null;
  targets: TargetInfo[];
  comparisons: Comparison[] | null;
}

/** `large`: the run is too large to read whole, so the paired tests are left to the command line. */
export function useObjectiveVerdicts(scenario: Scenario, rows: SummaryRow[] | null, recordsNow: RequestRecord[] | null, large: boolean): RunVerdicts {
  // Tests over many records wait for a quiet moment, as the charts do, so the summary paints first.
  const records = useDeferredValue(recordsNow, null);
  const targetIds = useMemo(() => (rows === null ? [] : rows.map((row) => row.targetId)), [rows]);
  const targets = useMemo(() => describeTargets(targetIds, scenario), [targetIds, scenario]);
  const comparisons = usePairwiseComparisons(records, targetIds);
  const verdicts = useMemo(() => {
    if (rows === null) return null;
    const byId = targetInfoById(targets);
    const label = (targetId: string): string => byId.get(targetId)?.label ?? targetId;
    return objectiveVerdicts(rows, comparisons, label, large ? LARGE_RUN_VERDICT : undefined, measuredFigures(scenario));
  }, [rows, comparisons, targets, large, scenario]);
  return { verdicts, targets, comparisons };
}
