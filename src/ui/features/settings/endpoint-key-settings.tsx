// Keys of OpenAI-compatible endpoints (vLLM, TGI, a hosted server): one per endpoint origin, entered
// once, shown masked, removable. A key is sent only to its own origin, never across a redirect to
// another one, and never exported, stored with a run, or put in a scenario or an address.
import { useId, useState, useSyncExternalStore, type FormEvent } from "react";
import { endpointOrigin } from "../../../core/endpoints/endpoint-origin";
import { maskToken, readEndpointKeys, removeEndpointKey, saveEndpointKey, subscribeToSettings } from "../../lib/settings-storage";

export function EndpointKeySettings() {
  const keys = useSyncExternalStore(subscribeToSettings, readEndpointKeys);
  const [address, setAddress] = useState("");
  const [key, setKey] = useState("");
  const addressId = useId();
  const keyId = useId();
  const hintId = useId();
  const origin = endpointOrigin(address.trim());
  const origins = Object.keys(keys).sort();

  const save = (event: FormEvent): void => {
    event.preventDefault();
    if (origin === null || key.trim() === "") return;
    saveEndpointKey(origin, key);
    setAddress("");
    setKey("");
  };

  return (
    <section className="card settings-section" aria-labelledby="endpoint-keys-heading">
      <h2 id="endpoint-keys-heading">Endpoint keys</h2>
      <p>
        For OpenAI-compatible endpoints that ask for a key (a scenario target with <code>endpointUrl</code>). Each key is sent as{" "}
        <code>Authorization: Bearer …</code> to its own origin only; the Hugging Face token never goes to an endpoint.
      </p>
      {origins.length > 0 ? (
        <ul className="endpoint-keys" aria-label="Saved endpoint keys">
          {origins.map((saved) => (
            <li key={saved} className="form-row">
              <span>
                <code>{saved}</code>: <code data-testid="masked-endpoint-key">{maskToken(keys[saved]!)}</code>
              </span>
              <button type="button" className="button" aria-label={`Remove the key for ${saved}`} onClick={() => removeEndpointKey(saved)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="hint">No endpoint key saved.</p>
      )}
      <form className="form-row" onSubmit={save}>
        <span className="form-field">
          <label htmlFor={addressId}>Endpoint URL</label>
          <input
            id={addressId}
            type="url"
            spellCheck={false}
            placeholder="http://127.0.0.1:8000/v1"
            aria-describedby={hintId}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
          />
        </span>
        <span className="form-field">
          <label htmlFor={keyId}>Key</label>
          <input id={keyId} type="password" autoComplete="off" spellCheck={false} value={key} onChange={(event) => setKey(event.target.value)} />
        </span>
        <button type="submit" className="button button-primary" disabled={origin === null || key.trim() === ""}>
          Save key
        </button>
      </form>
      <p id={hintId} className="hint">
        {origin === null ? "Kept per origin (scheme, host and port)." : `Kept for ${origin}.`} Stored in this browser’s localStorage; never in the
        run database, exports, scenario files or addresses.
      </p>
    </section>
  );
}
