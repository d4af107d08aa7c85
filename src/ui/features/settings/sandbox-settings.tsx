// Where the sandbox providers answer, and a button to check that they do.
import { useId, useState, useSyncExternalStore, type FormEvent } from "react";
import { Notice } from "../../components/ui/notice";
import { isSandboxUp, normalizeSandboxUrl } from "../../../core/run/sandbox-health";
import { DEFAULT_SANDBOX_URL, resolveSandboxUrl } from "../../lib/sandbox-url";
import { readSavedSandboxUrl, saveSandboxUrl, subscribeToSettings } from "../../lib/settings-storage";

type CheckState = { kind: "idle" } | { kind: "checking" } | { kind: "up"; url: string } | { kind: "down"; url: string };

export function SandboxSettings() {
  const saved = useSyncExternalStore(subscribeToSettings, readSavedSandboxUrl);
  const effective = useSyncExternalStore(subscribeToSettings, resolveSandboxUrl);
  const [draft, setDraft] = useState(saved ?? "");
  const [check, setCheck] = useState<CheckState>({ kind: "idle" });
  const inputId = useId();

  const save = (event: FormEvent): void => {
    event.preventDefault();
    saveSandboxUrl(draft);
    setCheck({ kind: "idle" });
  };

  // The URL as typed, saved or not: checking before saving is the point of the button. An empty field
  // means the URL in use.
  const runCheck = async (): Promise<void> => {
    const url = normalizeSandboxUrl(draft.trim()) || effective;
    setCheck({ kind: "checking" });
    setCheck({ kind: (await isSandboxUp(url, fetch)) ? "up" : "down", url });
  };

  return (
    <section className="card settings-section" aria-labelledby="sandbox-heading">
      <h2 id="sandbox-heading">Sandbox</h2>
      <p>
        The sandbox is a local server of simulated providers (fast, steady, slow, flaky, …). <code>npm start</code> starts it with the app;{" "}
        <code>npm run sandbox</code> starts it alone. Scenarios address it as <code>sandbox:/fast/v1</code>.
      </p>
      <form className="form-row" onSubmit={save}>
        <label htmlFor={inputId}>Sandbox URL</label>
        <input
          id={inputId}
          type="url"
          spellCheck={false}
          placeholder={import.meta.env.VITE_SANDBOX_URL || DEFAULT_SANDBOX_URL}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button">
          Save
        </button>
        <button type="button" className="button" onClick={() => void runCheck()} disabled={check.kind === "checking"}>
          Check
        </button>
      </form>
      <p className="hint">
        In use: <code>{effective}</code>
        {saved ? "" : " (default; leave the field empty to keep it)"}
      </p>
      {check.kind === "up" ? <Notice tone="success">The sandbox answers at {check.url}.</Notice> : null}
      {check.kind === "down" ? (
        <Notice tone="error">Nothing answers at {check.url}: start it with npm start or npm run sandbox.</Notice>
      ) : null}
    </section>
  );
}
