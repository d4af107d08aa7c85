import type { RequestRecord } from "../../../../core/record";
import { MISSING, formatCount, formatMs } from "../../../components/ui/format";
import type { InputView } from "./input-view";
import { OutputView } from "./output-view";
import "../compare.css";

/**
 * One attempt's timings and output, drawn per the task's output kind (outputs/output-view.tsx). Model
 * output is untrusted: text only ever goes into text nodes, never through innerHTML or a markdown
 * renderer, so markup in it stays literal.
 */
export function AttemptOutput(props: { record: RequestRecord; showRepetition: boolean; task?: string; input?: InputView; targetLabel?: string }) {
  const { record, showRepetition } = props;
  const failed = record.status === "error";
  return (
    <article className={failed ? "pb-attempt pb-attempt-failed" : "pb-attempt"} data-testid="attempt-output">
      <dl className="pb-attempt-facts">
        {showRepetition && (
          <>
            <dt>Rep</dt>
            <dd>
              {record.repetition}
              {record.attempt > 1 ? ` (attempt ${record.attempt})` : ""}
            </dd>
          </>
        )}
        <dt>Latency</dt>
        <dd>{formatMs(record.latencyMs)}</dd>
        <dt>TTFT</dt>
        <dd>{formatMs(record.ttftMs)}</dd>
        <dt>Tokens</dt>
        <dd>{record.outputTokens === null ? MISSING : `${record.tokensEstimated ? "≈" : ""}${formatCount(record.outputTokens)}`}</dd>
        {(record.checksPassed === true || record.checksPassed === false) && (
          <>
            <dt>Checks</dt>
            <dd data-testid="attempt-checks">{record.checksPassed ? "passed" : `failed: ${record.failedChecks ?? ""}`}</dd>
          </>
        )}
      </dl>
      {failed && (
        <p className="pb-attempt-error">
          {record.errorKind ?? "error"}
          {record.httpStatus !== null ? ` (HTTP ${record.httpStatus})` : ""}
          {record.errorMessage ? `: ${record.errorMessage}` : ""}
        </p>
      )}
      {props.task !== undefined && props.input !== undefined && !failed ? (
        <OutputView task={props.task} record={record} input={props.input} targetLabel={props.targetLabel ?? record.targetId} />
      ) : (
        record.output !== null && <pre className="pb-output">{record.output}</pre>
      )}
    </article>
  );
}
