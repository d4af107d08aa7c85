// The top of the Compare page: for each objective the best target, or the group tied for best, in plain
// words; then every pair in a matrix and a forest plot, one click away.
import { useState } from "react";
import type { RequestRecord } from "../../../../core/record";
import type { Scenario } from "../../../../core/scenario";
import type { SummaryRow } from "../../../../core/stats";
import { Section } from "../../../components/ui/section";
import { TargetSwatch } from "../../../components/ui/target-swatch";
import { ForestPlot } from "./forest-plot";
import { PairwiseMatrix } from "./pairwise-matrix";
import { useObjectiveVerdicts } from "./use-objective-verdicts";
import { targetInfoById, type TargetInfo } from "../target-info";
import { VERDICT_METHOD, VERDICT_STATE_WORDS, type ObjectiveVerdict } from "../../../../core/verdict";
import "../../../components/ui/ui.css";
import "../compare.css";

export function VerdictList(props: { verdicts: readonly ObjectiveVerdict[]; targets: TargetInfo[] }) {
  const byId = targetInfoById(props.targets);
  return (
    <ul className="pb-verdicts" data-testid="verdicts">
      {props.verdicts.map((verdict) => (
        <li key={verdict.objective} className="pb-verdict" data-objective={verdict.objective} data-state={verdict.state}>
          <h3 className="pb-verdict-title">
            {verdict.title}
            <span className="pb-visually-hidden">: {VERDICT_STATE_WORDS[verdict.state]}</span>
          </h3>
          {verdict.best.length > 0 ? (
            <p className="pb-verdict-best" data-testid="verdict-best">
              {verdict.best.map((targetId) => (
                <span key={targetId} className="pb-verdict-target" data-target-id={targetId}>
                  <TargetSwatch color={byId.get(targetId)?.color ?? "currentColor"} />
                  {byId.get(targetId)?.label ?? targetId}
                </span>
              ))}
              {verdict.state === "tied" ? <span className="pb-verdict-tag">tied</span> : null}
              {verdict.state === "untold" ? <span className="pb-verdict-tag">too few requests</span> : null}
            </p>
          ) : null}
          <p className="pb-verdict-sentence">{verdict.sentence}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * The verdict section: it needs the summary for its figures, and the records for the paired tests.
 * `large`: the run is too large to read whole, so the paired tests are left to the command line.
 */
export function VerdictPanel(props: { scenario: Scenario; rows: SummaryRow[] | null; records: RequestRecord[] | null; large?: boolean }) {
  const { verdicts, targets, comparisons } = useObjectiveVerdicts(props.scenario, props.rows, props.records, props.large ?? false);
  // The matrix and the forest plot are drawn when asked for, not hidden in the page meanwhile.
  const [pairsOpen, setPairsOpen] = useState(false);

  if (verdicts === null || targets.length < 2) return null;
  return (
    <Section title="Verdict" testId="verdict-panel">
      <VerdictList verdicts={verdicts} targets={targets} />
      <p className="pb-footnote">{VERDICT_METHOD}</p>
      {comparisons !== null && comparisons.length > 0 ? (
        <details className="pb-pairwise" data-testid="pairwise-details" onToggle={(event) => setPairsOpen(event.currentTarget.open)}>
          <summary>Every pair: differences, intervals and p-values</summary>
          {pairsOpen ? (
            <>
              <PairwiseMatrix comparisons={comparisons} targets={targets} />
              <ForestPlot comparisons={comparisons} targets={targets} />
            </>
          ) : null}
        </details>
      ) : null}
    </Section>
  );
}
