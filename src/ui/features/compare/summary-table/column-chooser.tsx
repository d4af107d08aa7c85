// The summary table's column chooser: one labelled checkbox per catalogue metric, grouped as the
// catalogue groups them, the spread and tail statistics of each group folded away; in a disclosure
// that a keyboard opens with Enter or Space. Choices are remembered in this browser (column-settings.ts).
import { useId, useSyncExternalStore } from "react";
import type { MeasuredFigures } from "../../../../core/metrics/measured-figures";
import { METRIC_GROUPS, METRICS, type Metric } from "../../../../core/metrics";
import {
  isColumnShown,
  readColumnChoices,
  resetColumnChoices,
  setColumnShown,
  subscribeToColumnChoices,
  type ColumnChoices,
} from "./column-settings";
import "../../../components/ui/ui.css";
import "../compare.css";

export function useColumnChoices(): ColumnChoices {
  return useSyncExternalStore(subscribeToColumnChoices, readColumnChoices, readColumnChoices);
}

function ColumnCheckboxes(props: { metrics: readonly Metric[]; choices: ColumnChoices; figures: MeasuredFigures | undefined }) {
  return (
    <ul className="pb-column-list">
      {props.metrics.map((metric) => (
        <li key={metric.id}>
          <label className="pb-checkbox" title={metric.definition}>
            <input
              type="checkbox"
              data-column-choice={metric.id}
              checked={isColumnShown(metric, props.choices, props.figures)}
              onChange={(event) => setColumnShown(metric, event.currentTarget.checked, props.figures)}
            />
            {metric.label}
          </label>
        </li>
      ))}
    </ul>
  );
}

/** `figures`: what the run measures, which decides the default columns (all of the table view when absent). */
export function ColumnChooser(props: { choices: ColumnChoices; figures?: MeasuredFigures | undefined }) {
  const { choices, figures } = props;
  const titleId = useId();
  const shownCount = METRICS.filter((metric) => isColumnShown(metric, choices, figures)).length;
  const changed = Object.keys(choices).length > 0;
  return (
    <details className="pb-column-chooser" data-testid="column-chooser">
      <summary className="pb-button">
        Columns <span className="pb-muted">({shownCount} of {METRICS.length})</span>
      </summary>
      <div className="pb-column-chooser-panel" role="group" aria-labelledby={titleId}>
        <p id={titleId} className="pb-column-chooser-title">
          Summary table columns
        </p>
        {METRIC_GROUPS.map((group) => {
          const metrics = METRICS.filter((metric) => metric.group === group.id);
          if (metrics.length === 0) return null;
          const main = metrics.filter((metric) => !metric.advanced);
          const detail = metrics.filter((metric) => metric.advanced);
          const detailShown = detail.filter((metric) => isColumnShown(metric, choices, figures)).length;
          return (
            <fieldset key={group.id} className="pb-column-group" data-column-group={group.id}>
              <legend>{group.label}</legend>
              <ColumnCheckboxes metrics={main} choices={choices} figures={figures} />
              {detail.length > 0 ? (
                <details className="pb-column-detail" open={detailShown > 0 ? true : undefined}>
                  <summary>
                    Spread and tails ({detailShown} of {detail.length} shown)
                  </summary>
                  <ColumnCheckboxes metrics={detail} choices={choices} figures={figures} />
                </details>
              ) : null}
            </fieldset>
          );
        })}
        <button type="button" className="pb-button" disabled={!changed} onClick={resetColumnChoices}>
          Default columns
        </button>
      </div>
    </details>
  );
}
