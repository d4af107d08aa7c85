// Two runs side by side, per target: each change of the diff view with its interval (at Holm's level) and a verdict
// from a test (core/verdict/run-changes.ts), so a move the data cannot tell from chance is never coloured.
import type { RequestRecord } from "../../../../core/record";
import type { Scenario } from "../../../../core/scenario";
import type { SummaryRow } from "../../../../core/stats";
import { LARGE_RUN_LEFT_TO_CLI } from "../large-run";
import { RunDiffLine } from "./run-diff-line";
import { useRunChanges } from "./use-run-changes";
import "../../../components/ui/ui.css";
import "../compare.css";

function RunDiffFootnote(props: { paired: boolean; recordsRead: boolean; largeRun: boolean }) {
  const { paired, recordsRead, largeRun } = props;
  return (
    <p className="pb-footnote">
      A change is called better or worse only when it is unlikely to be chance (p &lt; 0.05 after Holm&apos;s correction over
      every line of this table); otherwise it is marked ≈ within noise and not coloured. The change shown is the estimate judged:
      latency, TTFT and output tokens/s medians{" "}
      {paired ? "as the median of the per-request differences (the two runs sent the same inputs)" : "as the difference of the medians (the two runs sent different inputs)"};
      p90 as the difference of the p90s; failure, error, pass and SLO rates as the difference of the rates. Its interval is at the
      level Holm tested the line at, so it leaves 0 out exactly when the line is better or worse (hover a verdict for how it was judged).
      {recordsRead ? "" : largeRun ? ` The rates are judged; the distributions are not: ${LARGE_RUN_LEFT_TO_CLI}` : " Reading the records: the rates are judged already, the rest follows."}
    </p>
  );
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
  const { targets, lines, recordsRead } = useRunChanges(oldRows, newRows, oldRecords, newRecords, paired, scenario);

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
                <RunDiffLine key={line.metric.id} line={line} target={target} first={index === 0} recordsRead={recordsRead} largeRun={largeRun} />
              ))}
          </tbody>
        ))}
      </table>
      <RunDiffFootnote paired={paired} recordsRead={recordsRead} largeRun={largeRun} />
    </div>
  );
}
