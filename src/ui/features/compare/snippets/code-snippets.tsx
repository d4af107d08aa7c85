// The code to call each target of the run with its first input, the request @huggingface/inference builds,
// every value quoted for its language (core/snippets): folded away until asked for, each with a copy button.
import { useMemo, useState, useSyncExternalStore } from "react";
import type { Scenario } from "../../../../core/scenario";
import { LANGUAGE_NAMES, scenarioSnippets, type CodeSnippet } from "../../../../core/snippets/target-snippets";
import { targetDisplayName } from "../../../../core/scenario/target-names";
import { resolveSandboxUrl } from "../../../lib/sandbox-url";
import { subscribeToSettings } from "../../../lib/settings-storage";
import "../compare.css";

export function CodeSnippets(props: { scenario: Scenario }) {
  const { scenario } = props;
  const [open, setOpen] = useState(false);
  const sandboxUrl = useSyncExternalStore(subscribeToSettings, resolveSandboxUrl);
  // Only built once opened: a request is built per target.
  const results = useMemo(() => (open ? scenarioSnippets(scenario, sandboxUrl) : []), [open, scenario, sandboxUrl]);
  return (
    <details className="pb-snippets" data-testid="code-snippets" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Code to call each target (JavaScript, Python, curl) with the first input</summary>
      <p className="pb-muted">
        The request @huggingface/inference builds for each target. The token is read from an environment variable ($HF_TOKEN; for an endpoint, its apiKeyEnv or $API_TOKEN): set it before running.
      </p>
      {results.map((result) => (
        <section key={result.targetId} className="pb-snippet-target" data-testid="target-snippets" data-target-id={result.targetId}>
          <h3>{targetDisplayName(scenario, result.targetId)}</h3>
          {"unavailable" in result ? (
            <p className="pb-empty">No snippet: {result.unavailable}</p>
          ) : (
            result.snippets.map((snippet, index) => <SnippetBlock key={index} snippet={snippet} />)
          )}
        </section>
      ))}
    </details>
  );
}

function SnippetBlock(props: { snippet: CodeSnippet }) {
  const { snippet } = props;
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  const title = `${LANGUAGE_NAMES[snippet.language]} (${snippet.client})`;
  const copy = (): void => {
    navigator.clipboard.writeText(snippet.content).then(
      () => setCopied("copied"),
      () => setCopied("failed"),
    );
  };
  return (
    <div className="pb-snippet">
      <div className="pb-snippet-header">
        <h4>{title}</h4>
        <button type="button" className="button" onClick={copy} aria-label={`Copy the ${title} snippet`}>
          Copy
        </button>
        <span role="status" className="pb-muted">
          {copied === "copied" ? "Copied" : copied === "failed" ? "Could not copy: select the text instead" : ""}
        </span>
      </div>
      <pre className="pb-output" data-testid="snippet-code" data-language={snippet.language}>
        {snippet.content}
      </pre>
    </div>
  );
}
