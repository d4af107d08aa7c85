import "./outputs.css";

/** Generated text. Untrusted: a text node inside <pre>, never HTML or markdown. */
export function TextOutput(props: { text: string | null }) {
  if (props.text === null) return <p className="pb-empty">No text.</p>;
  return <pre className="pb-output" data-testid="text-output">{props.text}</pre>;
}
