import type { ScoredLabel } from "../../../../core/outputs";
import { barShare, formatScore } from "./score-text";
import "./outputs.css";

/** Labels best first, each with its score as a bar; the first is the top-1 label. */
export function LabelsOutput(props: { labels: readonly ScoredLabel[]; caption?: string }) {
  if (props.labels.length === 0) return <p className="pb-empty">No labels.</p>;
  return (
    <ol className="pb-labels" data-testid="labels-output" aria-label={props.caption ?? "Labels, best first"}>
      {props.labels.map((item, index) => (
        <li key={index} className="pb-label-row">
          <span className="pb-label-name">{item.label}</span>
          <span className="pb-label-score">{formatScore(item.score)}</span>
          <span className="pb-label-track" aria-hidden="true">
            <span className="pb-label-bar" style={{ width: `${barShare(item.score) * 100}%` }} />
          </span>
        </li>
      ))}
    </ol>
  );
}
