// Asks before a `?sandbox=` link changes where sandbox requests go: nothing changes until Accept.
import { useEffect, useRef, useSyncExternalStore, type KeyboardEvent } from "react";
import { Notice } from "../../components/ui/notice";
import { acceptSandboxLink, ignoreSandboxLink, pendingSandboxLink, subscribeToSandboxLink } from "./sandbox-link";

export function SandboxLinkNotice() {
  const proposal = useSyncExternalStore(subscribeToSandboxLink, pendingSandboxLink);
  const region = useRef<HTMLDivElement>(null);
  // Keyboard and screen-reader users land on the question, so Tab reaches its two buttons first.
  useEffect(() => {
    if (proposal) region.current?.focus();
  }, [proposal]);
  if (!proposal) return null;
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === "Escape") ignoreSandboxLink();
  };
  return (
    <div className="app-banner" data-testid="sandbox-link-notice" ref={region} tabIndex={-1} onKeyDown={onKeyDown} aria-label="Sandbox address from a link">
      <Notice tone="warning" title="This link wants to change where sandbox requests go">
        <p>
          Sandbox requests, and the prompts in them, would go to <code>{proposal.proposedUrl}</code> instead of <code>{proposal.currentUrl}</code>,
          from now on. Only accept if you trust that server; you can change it back in Settings.
        </p>
        <p>
          <button type="button" className="button button-primary" onClick={acceptSandboxLink}>
            Use this sandbox
          </button>{" "}
          <button type="button" className="button" onClick={ignoreSandboxLink}>
            Ignore
          </button>
        </p>
      </Notice>
    </div>
  );
}
