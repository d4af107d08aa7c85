// Beside a trend chart: its change points in words — target, metric, the first run after the change
// (a link to it), the medians before and after with their 95% intervals, and the test's p-value.
import type { MedianInterval } from "../../../core/change-points";
import { formatValueIn, type Unit } from "../../../core/text";
import { TargetSwatch } from "../../components/ui/target-swatch";
import { routes } from "../../lib/hash-route";
import type { TrendChangeView, TrendRunLabel } from "./trends-data";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function medianText(unit: Unit, value: number, ci: MedianInterval | null): string {
  return ci === null ? formatValueIn(unit, value) : `${formatValueIn(unit, value)} [${formatValueIn(unit, ci.low)} – ${formatValueIn(unit, ci.high)}]`;
}

/** "p = 0.005", or "p ≤ 0.005" at the permutation test's floor (1 / 200). */
export function pValueText(pValue: number): string {
  return pValue <= 0.005 ? "p ≤ 0.005" : `p = ${pValue.toFixed(3)}`;
}

/** Which interval each side got: they differ when one side has fewer than 6 runs. */
function methodsText(change: TrendChangeView): string {
  const before = change.beforeCi?.method;
  const after = change.afterCi?.method;
  if (before === undefined || after === undefined) return "";
  return before === after ? ` (95% intervals by ${before})` : ` (95% intervals: ${before} before, ${after} after)`;
}

/** "Failure rate" → "failure rate" inside a sentence; "TTFT" and "p50 latency" stay as they are. */
function inSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? `${label[0]!.toLowerCase()}${label.slice(1)}` : label;
}

interface ChangePointListProps {
  changes: readonly TrendChangeView[];
  unit: Unit;
  runs: readonly TrendRunLabel[];
  metricLabel: string;
}

export function ChangePointList({ changes, unit, runs, metricLabel }: ChangePointListProps) {
  if (changes.length === 0) {
    return (
      <p className="hint trend-no-change" data-testid="trend-change-list" data-count={0}>
        No change point in {inSentence(metricLabel)}.
      </p>
    );
  }
  return (
    <ul className="trend-change-list" data-testid="trend-change-list" data-count={changes.length} aria-label={`Change points in ${metricLabel}`}>
      {changes.map((change) => {
        const run = runs.find((candidate) => candidate.runId === change.runId);
        return (
          <li key={`${change.targetId}:${change.runId}`} data-testid="trend-change" data-target-id={change.targetId} data-run-id={change.runId} data-metric={change.metricId}>
            <TargetSwatch color={change.color} /> <strong>{change.targetLabel}</strong>, {change.metricLabel}: changed from{" "}
            <a href={routes.compare(change.runId)}>
              run {change.position} of {runs.length}
            </a>{" "}
            ({dateFormat.format(change.startedAt)}
            {run?.origin ? `, from ${run.origin}` : ""}).
            <br />
            Median {medianText(unit, change.before, change.beforeCi)} → {medianText(unit, change.after, change.afterCi)}
            {methodsText(change)}, {pValueText(change.pValue)}.
          </li>
        );
      })}
    </ul>
  );
}
