// Makes a scenario's share link, copies it when the browser allows, and always shows it to copy by hand.
import { useId, useState } from "react";
import { describeError } from "../../../core/text/describe-error";
import type { Scenario } from "../../../core/scenario/types";
import { Notice } from "../../components/ui/notice";
import { shareLink } from "./scenario-export";

type ShareState = { kind: "idle" } | { kind: "made"; link: string; copied: boolean } | { kind: "refused"; message: string };

export function ShareLinkButton({ scenario }: { scenario: Scenario }) {
  const [state, setState] = useState<ShareState>({ kind: "idle" });
  const fieldId = useId();
  const make = async (): Promise<void> => {
    let link: string;
    try {
      link = await shareLink(scenario);
    } catch (error) {
      setState({ kind: "refused", message: describeError(error) });
      return;
    }
    // The clipboard needs permission and focus; the link is shown either way.
    const copied = await navigator.clipboard?.writeText(link).then(
      () => true,
      () => false,
    );
    setState({ kind: "made", link, copied: copied === true });
  };
  return (
    <>
      <button type="button" className="button" onClick={() => void make()}>
        Share link
      </button>
      {state.kind === "made" ? (
        <div className="share-link">
          <label htmlFor={fieldId}>{state.copied ? "Share link (copied): opens this scenario as an unsaved draft" : "Share link: copy it to open this scenario as an unsaved draft"}</label>
          <input id={fieldId} className="code-input" readOnly value={state.link} data-testid="share-link" onFocus={(event) => event.currentTarget.select()} />
        </div>
      ) : null}
      {state.kind === "refused" ? (
        <Notice tone="error" title="Not shared">
          {state.message}
        </Notice>
      ) : null}
    </>
  );
}
