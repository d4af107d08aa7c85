// The Hugging Face token: entered once, shown masked, removable. It is sent only to Hugging Face
// provider targets when a run starts, never to other endpoints, and never exported.
import { useId, useState, useSyncExternalStore, type FormEvent } from "react";
import { maskToken, readHfToken, removeHfToken, saveHfToken, subscribeToSettings } from "../../lib/settings-storage";

export function TokenSettings() {
  const token = useSyncExternalStore(subscribeToSettings, readHfToken);
  const [draft, setDraft] = useState("");
  const inputId = useId();
  const hintId = useId();

  const save = (event: FormEvent): void => {
    event.preventDefault();
    if (draft.trim() === "") return;
    saveHfToken(draft);
    setDraft("");
  };

  return (
    <section className="card settings-section" aria-labelledby="token-heading">
      <h2 id="token-heading">Hugging Face token</h2>
      <p>
        Needed for scenarios that call Hugging Face Inference Providers. Create a fine-grained token with the “Make calls to Inference
        Providers” permission at{" "}
        <a href="https://huggingface.co/settings/tokens" target="_blank" rel="noreferrer">
          huggingface.co/settings/tokens
        </a>
        .
      </p>
      {token ? (
        <div className="form-row">
          <span>
            Saved token: <code data-testid="masked-token">{maskToken(token)}</code>
          </span>
          <button type="button" className="button" onClick={removeHfToken}>
            Remove
          </button>
        </div>
      ) : (
        <p className="hint">No token saved.</p>
      )}
      <form className="form-row" onSubmit={save}>
        <label htmlFor={inputId}>{token ? "Replace with" : "Token"}</label>
        <input
          id={inputId}
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder="hf_…"
          aria-describedby={hintId}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={draft.trim() === ""}>
          Save token
        </button>
      </form>
      <p id={hintId} className="hint">
        Stored in this browser’s localStorage; never in the run database, exports, scenario files or addresses.
      </p>
    </section>
  );
}
