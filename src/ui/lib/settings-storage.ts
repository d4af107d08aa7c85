// The browser-local settings: the Hugging Face token and the sandbox URL, in localStorage only.
// The token is read by this module and the run launcher, and never written to IndexedDB, URLs,
// exports, records, scenario files or logs.

const TOKEN_KEY = "providerbench.hfToken";
const SANDBOX_URL_KEY = "providerbench.sandboxUrl";
const ENDPOINT_KEYS_KEY = "providerbench.endpointKeys";

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: fires when a setting changes in this tab or in another one. */
export function subscribeToSettings(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent): void => {
    if (event.key === TOKEN_KEY || event.key === SANDBOX_URL_KEY || event.key === ENDPOINT_KEYS_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can be disabled (privacy settings): the app still works, it just forgets.
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } finally {
    notify();
  }
}

export function readHfToken(): string | null {
  return read(TOKEN_KEY);
}

export function saveHfToken(token: string): void {
  write(TOKEN_KEY, token.trim());
}

export function removeHfToken(): void {
  write(TOKEN_KEY, null);
}

export function hasHfToken(): boolean {
  return Boolean(readHfToken());
}

/** `hf_…abcd`: enough to tell tokens apart, not enough to use one. */
export function maskToken(token: string): string {
  const prefix = token.startsWith("hf_") ? "hf_" : "";
  const tail = token.length - prefix.length > 8 ? token.slice(-4) : "";
  return `${prefix}…${tail}`;
}

export function readSavedSandboxUrl(): string | null {
  return read(SANDBOX_URL_KEY);
}

export function saveSandboxUrl(url: string | null): void {
  write(SANDBOX_URL_KEY, url?.trim() ? url.trim() : null);
}

// Endpoint keys: one per endpoint origin (`http://127.0.0.1:8000`), kept like the token, sent only to that
// origin (core/run/auth-headers.ts). The stored text is cached, so useSyncExternalStore gets the same object.
let endpointKeysCache: { text: string | null; keys: Readonly<Record<string, string>> } = { text: null, keys: {} };

export function readEndpointKeys(): Readonly<Record<string, string>> {
  const text = read(ENDPOINT_KEYS_KEY);
  if (text === endpointKeysCache.text) return endpointKeysCache.keys;
  let keys: Record<string, string> = {};
  try {
    const parsed: unknown = text === null ? {} : JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) {
      keys = Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== ""));
    }
  } catch {
    // Not ours, or damaged: no keys rather than a broken page.
  }
  endpointKeysCache = { text, keys };
  return keys;
}

export function saveEndpointKey(origin: string, key: string): void {
  write(ENDPOINT_KEYS_KEY, JSON.stringify({ ...readEndpointKeys(), [origin]: key.trim() }));
}

export function removeEndpointKey(origin: string): void {
  const { [origin]: _removed, ...rest } = readEndpointKeys();
  write(ENDPOINT_KEYS_KEY, Object.keys(rest).length === 0 ? null : JSON.stringify(rest));
}
