// Two runs side by side, per target: each change of the diff view with its interval (at Holm's level) and a verdict
// from a test (core/verdict/run-changes.ts), so a move the data cannot tell from chance is never coloured.
import { useMemo } from "react";
import { collectSamples } from "../../../../core/stats/paired";
import type { RequestRecord } from "../../../../core/record";
import { CHANGE_METRICS, judgeRunChanges, type ChangeTest, type RunChange } from "../../../../core/verdict/run-changes";
import type { Scenario } from "../../../../core/scenario";
import type { SummaryRow } from "../../../../core/stats";
import { formatPValue } from "../../../../core/verdict";
import { formatChangeIn, formatPercentChange, formatValueIn } from "../../../components/ui/format";
import { TargetSwatch } from "../../../components/ui/target-swatch";
import { describeTargets } from "../target-info";
import { LARGE_RUN_LEFT_TO_CLI } from "../large-run";
import "../../../components/ui/ui.css";
import "../compare.css";

const TEST_EXPLANATIONS: Record<ChangeTest, string> = {
  paired: "The median of the per-request differences (after − before) over the same (input, repetition) in both runs, with the seeded bootstrap's interval and p-value.",
  unpaired: "The difference of the medians (the runs sent different inputs, so requests do not pair), with the seeded bootstrap's interval and p-value, each run resampled on its own.",
  bootstrap: "The difference of the percentile, with the seeded bootstrap's interval and p-value, each run resampled on its own.",
  proportions: "The difference of the rates, with Newcombe's interval; the p-value is that interval's own (the level at which it first holds 0).",
};

function verdictText(change: RunChange): string {
  switch (change.verdict) {
    case "better":
    case "worse":
      return `${change.verdict}, ${formatPValue(change.pValue as number)}`;
    case "within-noise":
      return `≈ within noise, ${formatPValue(change.pValue as number)}`;
    case "same":
      return "same";
    default:
      return "—";
  }
}

/** Why the distributions of a run too large to read whole are not judged here, and where they are. */
const LARGE_RUN_HINT = `Not judged: ${LARGE_RUN_LEFT_TO_CLI}`;

function verdictHint(change: RunChange, recordsRead: boolean, largeRun: boolean): string {
  if (change.test !== null) return TEST_EXPLANATIONS[change.test];
  if (change.change === null) return "Missing in one of the runs.";
  if (change.metric.better === null) return "A count: no better or worse.";
  if (largeRun) return LARGE_RUN_HINT;
  if (!recordsRead) return "Judged once both runs' records are read.";
  return "Not judged: too few requests, or no per-request spread to test (cost per request, goodput).";
}

function intervalText(change: RunChange): string {
  if (change.ciLow === null || change.ciHigh === null) return "—";
  return `${formatChangeIn(change.metric.unit, change.ciLow)} to ${formatChangeIn(change.metric.unit, change.ciHigh)}`;
}

/**
 * Two runs, per target, from their summaries and (once read) their records: what changed, by how much,
 * and whether the data can tell it from chance. `paired`: both runs sent the same inputs.
 */
export function RunDiff(props: {
  oldRows: readonly SummaryRow[];
  newRows: readonly SummaryRow[];
  /** null while they are read: the rates are judged meanwhile, the distributions after. */
  oldRecords: readonly RequestRecord[] | null;
  newRecords: readonly RequestRecord[] | null;
  paired: boolean;
  scenario: Pick<Scenario, "targets">;
  oldLabel?: string;
  newLabel?: string;
  /** One of the runs is too large to read whole (compare/use-run-data.ts): its records never come. */
  largeRun?: boolean;
}) {
  const { oldRows, newRows, oldRecords, newRecords, paired, scenario, oldLabel = "Before", newLabel = "After", largeRun = false } = props;
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
  const recordsRead = oldSamples !== null && newSamples !== null;

  return (
    <div className="pb-table-scroll">
      <table className="pb-table pb-run-diff" data-testid="run-diff" data-paired={paired ? "true" : "false"}>
        <thead>
          <tr>
            <th scope="col">Target</th>
            <th scope="col">Metric</th>
            <th scope="col" className="pb-num">{oldLabel}</th>
            <th scope="col" className="pb-num">{newLabel}</th>
            <th scope="col" className="pb-num">Change</th>
            <th scope="col" className="pb-num">%</th>
            <th scope="col" className="pb-num" title="Each line's interval at the level Holm's correction tested it at (95% for a line judged alone): it leaves 0 out exactly when the line is better or worse.">
              Interval (Holm)
            </th>
            <th scope="col">Verdict</th>
          </tr>
        </thead>
        {targets.map((target) => (
          <tbody key={target.id}>
            {lines
              .filter((line) => line.targetId === target.id)
              .map((line, index) => (
                <tr
                  key={line.metric.id}
                  data-testid="run-diff-row"
                  data-target-id={target.id}
                  data-metric={line.metric.id}
                  data-verdict={line.verdict ?? undefined}
                  data-test={line.test ?? undefined}
                >
                  {index === 0 && (
                    <th scope="rowgroup" rowSpan={CHANGE_METRICS.length} className="pb-target-cell">
                      <TargetSwatch color={target.color} />
                      {target.label}
                    </th>
                  )}
                  <td title={line.metric.definition}>{line.metric.label}</td>
                  <td className="pb-num" data-column="old">{formatValueIn(line.metric.unit, line.oldValue)}</td>
                  <td className="pb-num" data-column="new">{formatValueIn(line.metric.unit, line.newValue)}</td>
                  <td className={`pb-num pb-verdict-${line.verdict ?? "none"}`} data-column="change">
                    {formatChangeIn(line.metric.unit, line.change)}
                  </td>
                  <td className={`pb-num pb-verdict-${line.verdict ?? "none"}`} data-column="percentChange">
                    {formatPercentChange(line.percentChange)}
                  </td>
                  <td className="pb-num" data-column="interval" title={line.confidence === null ? undefined : `${(line.confidence * 100).toFixed(2)}% interval`}>
                    {intervalText(line)}
                  </td>
                  <td className={`pb-verdict-${line.verdict ?? "none"}`} data-column="verdict" title={verdictHint(line, recordsRead, largeRun)}>
                    {verdictText(line)}
                  </td>
                </tr>
              ))}
          </tbody>
        ))}
      </table>
      <p className="pb-footnote">
        A change is called better or worse only when it is unlikely to be chance (p &lt; 0.05 after Holm&apos;s correction over
        every line of this table); otherwise it is marked ≈ within noise and not coloured. The change shown is the estimate judged:
        latency, TTFT and output tokens/s medians{" "}
        {paired ? "as the median of the per-request differences (the two runs sent the same inputs)" : "as the difference of the medians (the two runs sent different inputs)"};
        p90 as the difference of the p90s; failure, error, pass and SLO rates as the difference of the rates. Its interval is at the
        level Holm tested the line at, so it leaves 0 out exactly when the line is better or worse (hover a verdict for how it was judged).
        {recordsRead ? "" : largeRun ? ` The rates are judged; the distributions are not: ${LARGE_RUN_LEFT_TO_CLI}` : " Reading the records: the rates are judged already, the rest follows."}
      </p>
    </div>
  );
}
