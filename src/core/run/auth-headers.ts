// Which credential a request may carry, decided in one place: the Hugging Face token goes to Hugging Face
// hosts only; an endpoint's own key goes to that endpoint's origin only, never across a redirect to another
// origin; every other request carries no Authorization header at all, whatever built it.
import { endpointOrigin, type SandboxUrlOptions, parsedUrl, followWithinOrigin } from "../endpoints";
import { resolveEndpointUrl } from "./targets";
import { isProviderTarget, type ScenarioTarget } from "../scenario";

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
 * The token shown to the Hub itself (its model API, the router's list, a model's files): a Hugging Face
 * token (`hf_…`) only, as @huggingface/inference decides for the Hub, so a provider's own key kept in
 * HF_TOKEN is never shown to it. Null when there is none to show.
 */
export function hubAccessToken(accessToken: string | undefined): string | null {
  const token = accessToken?.trim() ?? "";
  return token.startsWith("hf_") ? token : null;
}

/**
 * The target's fetch: every request's Authorization header set by authorizationFor. A keyed endpoint's
 * redirects are followed here, within its origin only (same-origin-redirects.ts; fetch's own following
 * would not stop at the origin, and a browser hides where an opaque redirect goes, so one is refused).
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
