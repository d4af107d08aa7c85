// One line of the diff table: a target's metric before and after, the change, its interval, and the
// verdict, with how it was judged (or why it was not) in its hover.
import { CHANGE_METRICS, type ChangeTest, type RunChange } from "../../../../core/verdict/run-changes";
import { formatPValue } from "../../../../core/verdict";
import { formatChangeIn, formatPercentChange, formatValueIn } from "../../../components/ui/format";
import { TargetSwatch } from "../../../components/ui/target-swatch";
import type { TargetInfo } from "../target-info";
import { LARGE_RUN_LEFT_TO_CLI } from "../large-run";

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

/** `first`: the target's first line, which names the target for all its lines. */
export function RunDiffLine(props: { line: RunChange; target: TargetInfo; first: boolean; recordsRead: boolean; largeRun: boolean }) {
  const { line, target, first, recordsRead, largeRun } = props;
  return (
    <tr
      data-testid="run-diff-row"
      data-target-id={target.id}
      data-metric={line.metric.id}
      data-verdict={line.verdict ?? undefined}
      data-test={line.test ?? undefined}
    >
      {first && (
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
  );
}
