// What the diff table shows: the targets of either run (the scenario's order first), and each change of
// theirs judged from the two runs' summaries and, once read, their records.
import { useMemo } from "react";
import { collectSamples } from "../../../../core/stats/paired";
import type { RequestRecord } from "../../../../core/record";
import { judgeRunChanges, type RunChange } from "../../../../core/verdict/run-changes";
import type { Scenario } from "../../../../core/scenario";
import type { SummaryRow } from "../../../../core/stats";
import { describeTargets, type TargetInfo } from "../target-info";

export interface RunChanges {
  targets: TargetInfo[];
  lines: RunChange[];
  /** Both runs' records are read: the distributions are judged too. */
  recordsRead: boolean;
}

export function useRunChanges(
  oldRows: readonly SummaryRow[],
  newRows: readonly SummaryRow[],
  oldRecords: readonly RequestRecord[] | null,
  newRecords: readonly RequestRecord[] | null,
  paired: boolean,
  scenario: Pick<Scenario, "targets">,
): RunChanges {
  const targetIds = useMemo(() => {
    const inRuns = [...newRows, ...oldRows].map((row) => row.targetId);
    return [...new Set([...scenario.targets.map((target) => target.id).filter((id) => inRuns.includes(id)), ...inRuns])];
  }, [oldRows, newRows, scenario]);
  const oldSamples = useMemo(() => (oldRecords === null ? null : collectSamples(oldRecords)), [oldRecords]);
  const newSamples = useMemo(() => (newRecords === null ? null : collectSamples(newRecords)), [newRecords]);
  const lines = useMemo(
    () => judgeRunChanges({ rows: oldRows, samples: oldSamples }, { rows: newRows, samples: newSamples }, targetIds, { paired }),
    [oldRows, newRows, oldSamples, newSamples, targetIds, paired],
  );
  const targets = useMemo(() => describeTargets(targetIds, scenario), [targetIds, scenario]);
  return { targets, lines, recordsRead: oldSamples !== null && newSamples !== null };
}
