// Where a `sandbox:/<profile>/v1` endpoint goes: the one rule, shared by the runner (core/run/targets.ts) and
// the browser's connection-limit check (core/run/connection-limits.ts), which must not import the inference
// client and so cannot import targets.ts.

/** `sandbox:/fast/v1` resolves against the running sandbox server, whatever port it got. */
export const SANDBOX_URL_SCHEME = "sandbox:";

export interface SandboxUrlOptions {
  /**
   * Give each profile its own host name, `<profile>.localhost`, when the sandbox runs on a loopback
   * address. A browser opens at most six HTTP/1.1 connections per host: with one host for all profiles,
   * three simulated providers at 16 requests each would share six connections, and the browser's queue
   * would be measured as theirs. Browsers resolve every `*.localhost` name to the loopback address
   * themselves, so this costs no configuration. Node needs no such thing (the command line's pools are
   * sized to the run) and its resolver may not know `*.localhost`: the command line leaves it off.
   */
  hostPerProfile?: boolean;
}

/** How the dashboard reaches the sandbox: the run launcher and the connection-limit check both read this. */
export const BROWSER_SANDBOX_URL_OPTIONS = { hostPerProfile: true } as const satisfies SandboxUrlOptions;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** `sandbox:/fast/v1` against `http://127.0.0.1:8787` → `http://127.0.0.1:8787/fast/v1` (or `http://fast.localhost:8787/fast/v1`). */
export function sandboxEndpointUrl(endpointUrl: string, sandboxUrl: string, options: SandboxUrlOptions = {}): string {
  const path = endpointUrl.slice(SANDBOX_URL_SCHEME.length);
  const base = sandboxUrl.replace(/\/+$/, "");
  const profile = /^\/([a-z0-9-]+)(?:\/|$)/i.exec(path)?.[1];
  if (!options.hostPerProfile || profile === undefined) return `${base}${path}`;
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return `${base}${path}`;
  }
  if (!LOOPBACK_HOSTS.has(url.hostname)) return `${base}${path}`;
  url.hostname = `${profile.toLowerCase()}.localhost`;
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}${path}`;
}
