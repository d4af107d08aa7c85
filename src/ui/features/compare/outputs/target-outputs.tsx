import type { RequestRecord } from "../../../../core/record";
import { TargetSwatch } from "../../../components/ui/target-swatch";
import { AttemptOutput } from "./attempt-output";
import { representativeAttempt } from "./input-outputs";
import type { InputView } from "./input-view";
import type { TargetInfo } from "../target-info";
import "../compare.css";

/** One target's column in the outputs view: its representative attempt, or all of them. */
export function TargetOutputs(props: { target: TargetInfo; attempts: readonly RequestRecord[]; showAll: boolean; emptyText?: string | undefined; task?: string; input?: InputView }) {
  const { target, attempts, showAll } = props;
  const representative = representativeAttempt(attempts);
  const shown = showAll ? attempts : representative === undefined ? [] : [representative];
  return (
    <div className="pb-target-outputs" data-testid="target-outputs" data-target-id={target.id}>
      <h3 className="pb-target-outputs-title">
        <TargetSwatch color={target.color} />
        {target.label}
        {!showAll && attempts.length > 1 && <span className="pb-muted"> · 1 of {attempts.length}</span>}
      </h3>
      {shown.length === 0 ? (
        <p className="pb-empty">{props.emptyText ?? "No measured requests for this input."}</p>
      ) : (
        shown.map((record) => (
          <AttemptOutput
            key={`${record.repetition}-${record.attempt}`}
            record={record}
            showRepetition={showAll || attempts.length > 1}
            {...(props.task === undefined ? {} : { task: props.task })}
            {...(props.input === undefined ? {} : { input: props.input })}
            targetLabel={target.label}
          />
        ))
      )}
    </div>
  );
}
