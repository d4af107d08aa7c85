// Which credential a request may carry, decided in one place: the Hugging Face token goes to Hugging Face
// hosts only; an endpoint's own key goes to that endpoint's origin only, never across a redirect to another
// origin; every other request carries no Authorization header at all, whatever built it.
import { endpointOrigin } from "./endpoint-origin";
import type { SandboxUrlOptions } from "./sandbox-url";
import { resolveEndpointUrl } from "./targets";
import { isProviderTarget, type ScenarioTarget } from "./scenario";
import { parsedUrl } from "./parsed-url";

/** Keys of OpenAI-compatible endpoint targets: never in a scenario, only in the runner's options. */
export interface EndpointKeys {
  /** By target id: the command line's `--key <targetId>=<ENV>` grants. */
  byTarget?: Readonly<Record<string, string>> | undefined;
  /** By endpoint origin (`https://host:port`): the browser's Settings. */
  byOrigin?: Readonly<Record<string, string>> | undefined;
}

/** Where one target's credential may go. */
export type CredentialScope =
  | { kind: "huggingface" }
  | { kind: "endpoint"; origin: string; key: string | null }
  | { kind: "none" };

/** Same-origin redirects followed at most for a keyed endpoint, as the command line's transport does. */
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A redirect that would take an endpoint's key to another origin (or where the browser will not say). */
export class CredentialRedirectError extends Error {
  override name = "CredentialRedirectError";
}

/** Hugging Face's own hosts, over https: the router, the Hub API, the serverless API. */
export function isHuggingFaceUrl(url: URL): boolean {
  return url.protocol === "https:" && (url.hostname === "huggingface.co" || url.hostname.endsWith(".huggingface.co"));
}

export function credentialScopeOf(
  target: ScenarioTarget,
  keys: EndpointKeys | undefined,
  sandboxUrl: string | undefined,
  sandboxOptions: SandboxUrlOptions = {},
): CredentialScope {
  if (isProviderTarget(target)) return { kind: "huggingface" };
  let origin: string | null;
  try {
    // Resolved as the call resolves it (a host per sandbox profile in a browser), so the origins agree.
    origin = endpointOrigin(resolveEndpointUrl(target.endpointUrl!, sandboxUrl, sandboxOptions));
  } catch {
    // An address that does not resolve is refused when the call is made; it gets no key meanwhile.
    return { kind: "none" };
  }
  if (origin === null) return { kind: "none" };
  const key = ownKey(keys?.byTarget, target.id) ?? ownKey(keys?.byOrigin, origin);
  return { kind: "endpoint", origin, key };
}

/**
 * A key saved under `name`, own properties only: a target id such as `constructor` or `toString` must find
 * nothing, not Object.prototype's function (which would go out as `Bearer function Object() …`).
 */
function ownKey(keys: Readonly<Record<string, string>> | undefined, name: string): string | null {
  if (keys === undefined || !Object.hasOwn(keys, name)) return null;
  const key: unknown = keys[name];
  return typeof key === "string" && key !== "" ? key : null;
}

/**
 * The Authorization header a request to `url` may carry: the library's own (the HF token) for a
 * Hugging Face host of a provider target, the endpoint's key at its own origin, and otherwise none.
 */
export function authorizationFor(url: URL, scope: CredentialScope, fromLibrary: string | null): string | null {
  if (scope.kind === "huggingface") return isHuggingFaceUrl(url) ? fromLibrary : null;
  if (scope.kind === "endpoint") return scope.key !== null && url.origin === scope.origin ? `Bearer ${scope.key}` : null;
  return null;
}

/**
 * The target's fetch: every request's Authorization header set by authorizationFor. A keyed endpoint's
 * redirects are followed here, within its origin only (fetch's own following would not stop at the origin
 * everywhere: a browser hides where an opaque redirect goes, so one is refused).
 */
export function scopedFetch(baseFetch: typeof fetch, scope: CredentialScope): typeof fetch {
  const guarded = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const url = parsedUrl(href);
    const headers = init?.headers ?? (typeof input === "object" && "headers" in input ? input.headers : undefined);
    const current = headerValue(headers, "authorization");
    const allowed = authorizationFor(url, scope, current);
    const sentHeaders = allowed === current ? headers : withAuthorization(headers, allowed);
    if (scope.kind !== "endpoint" || scope.key === null) {
      return sentHeaders === headers ? baseFetch(input, init) : baseFetch(input, { ...init, headers: sentHeaders });
    }
    return followWithinOrigin(baseFetch, url, { ...init, headers: sentHeaders }, scope.origin);
  };
  return guarded as typeof fetch;
}

async function followWithinOrigin(baseFetch: typeof fetch, firstUrl: URL, firstInit: RequestInit, origin: string): Promise<Response> {
  let url = firstUrl;
  let init: RequestInit = { ...firstInit, redirect: "manual" };
  for (let redirects = 0; ; redirects++) {
    const response = await baseFetch(url.href, init);
    if (response.type === "opaqueredirect") {
      throw new CredentialRedirectError(`${origin} answered with a redirect the browser does not disclose: not followed, so its key stays with ${origin}`);
    }
    const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get("location") : null;
    if (location === null) return response;
    await response.body?.cancel().catch(() => undefined);
    const next = new URL(location, url);
    if (next.origin !== origin) {
      throw new CredentialRedirectError(
        `the server redirected (HTTP ${response.status}) to another origin, ${next.origin}: not followed, so the request and its key stay with ${origin}`,
      );
    }
    if (redirects + 1 > MAX_REDIRECTS) throw new CredentialRedirectError(`more than ${MAX_REDIRECTS} redirects: not followed further`);
    // As fetch does: 303, and 301/302 after a POST, become a GET without a body.
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && (init.method ?? "GET").toUpperCase() === "POST")) {
      init = { ...init, method: "GET", body: null, headers: withoutContentHeaders(init.headers) };
    }
    url = next;
  }
}

function headerValue(headers: HeadersInit | undefined, name: string): string | null {
  if (headers === undefined) return null;
  if (headers instanceof Headers) return headers.get(name);
  const entries = Array.isArray(headers) ? headers : Object.entries(headers);
  for (const [key, value] of entries) if (key!.toLowerCase() === name) return value ?? null;
  return null;
}

function withAuthorization(headers: HeadersInit | undefined, value: string | null): Headers {
  const next = new Headers(headers);
  if (value === null) next.delete("authorization");
  else next.set("authorization", value);
  return next;
}

function withoutContentHeaders(headers: HeadersInit | undefined): Headers {
  const next = new Headers(headers);
  for (const name of ["content-type", "content-length", "content-encoding", "content-language", "content-location"]) next.delete(name);
  return next;
}
