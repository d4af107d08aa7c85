// The summary table's column chooser: one labelled checkbox per catalogue metric, in a disclosure that
// a keyboard opens with Enter or Space; choices are remembered in this browser (column-settings.ts).
import { useId, useSyncExternalStore } from "react";
import { METRICS } from "../../../core/metrics";
import {
  isColumnShown,
  readColumnChoices,
  resetColumnChoices,
  setColumnShown,
  subscribeToColumnChoices,
  type ColumnChoices,
} from "./column-settings";
import "./compare.css";

export function useColumnChoices(): ColumnChoices {
  return useSyncExternalStore(subscribeToColumnChoices, readColumnChoices, readColumnChoices);
}

export function ColumnChooser(props: { choices: ColumnChoices }) {
  const { choices } = props;
  const legendId = useId();
  const shownCount = METRICS.filter((metric) => isColumnShown(metric, choices)).length;
  const changed = Object.keys(choices).length > 0;
  return (
    <details className="pb-column-chooser" data-testid="column-chooser">
      <summary className="pb-button">
        Columns <span className="pb-muted">({shownCount} of {METRICS.length})</span>
      </summary>
      <div className="pb-column-chooser-panel" role="group" aria-labelledby={legendId}>
        <p id={legendId} className="pb-column-chooser-title">
          Summary table columns
        </p>
        <ul className="pb-column-list">
          {METRICS.map((metric) => (
            <li key={metric.id}>
              <label className="pb-checkbox" title={metric.definition}>
                <input
                  type="checkbox"
                  data-column-choice={metric.id}
                  checked={isColumnShown(metric, choices)}
                  onChange={(event) => setColumnShown(metric, event.currentTarget.checked)}
                />
                {metric.label}
              </label>
            </li>
          ))}
        </ul>
        <button type="button" className="pb-button" disabled={!changed} onClick={resetColumnChoices}>
          Default columns
        </button>
      </div>
    </details>
  );
}
