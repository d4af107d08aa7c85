import type { Answer } from "../../../../core/outputs";
import { formatScore } from "./score-text";
import "./outputs.css";

/** The answer and its score; when the context is known and the span fits in it, the span marked there. */
export function AnswerOutput(props: { answer: Answer; context: string | null }) {
  const { answer, context } = props;
  const span = context !== null && answer.start !== null && answer.end !== null && answer.end <= context.length ? { start: answer.start, end: answer.end } : null;
  return (
    <div data-testid="answer-output">
      <p className="pb-answer">
        <strong>{answer.answer}</strong> <span className="pb-muted">{formatScore(answer.score)}</span>
      </p>
      {span !== null && context !== null && (
        <>
          <p className="pb-muted pb-answer-span">
            characters {span.start}–{span.end} of the context
          </p>
          <p className="pb-marked-text" data-testid="answer-context">
            {context.slice(0, span.start)}
            <mark className="pb-entity">{context.slice(span.start, span.end)}</mark>
            {context.slice(span.end)}
          </p>
        </>
      )}
    </div>
  );
}
