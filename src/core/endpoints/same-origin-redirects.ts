// Redirects followed within the origin a request was sent to, refused across it: one rule for the command
// line's two transports (undici's, and fetch, whose own following would go anywhere) and for a keyed
// endpoint in the browser, so neither a key nor a prompt reaches an origin it was not meant for.

/** Same-origin redirects followed at most: enough for a moved model page, not a loop. */
export const MAX_REDIRECTS = 5;
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** A redirect to another origin (or one a browser will not disclose, or one too many): not followed. */
export class RedirectRefusedError extends Error {
  override name = "RedirectRefusedError";
}

export function crossOriginRedirect(status: number, to: string, from: string): RedirectRefusedError {
  return new RedirectRefusedError(`the server redirected (HTTP ${status}) to another origin, ${to}: not followed, so the request and its credentials stay with ${from}`);
}

export function tooManyRedirects(): RedirectRefusedError {
  return new RedirectRefusedError(`more than ${MAX_REDIRECTS} redirects: not followed further`);
}

/** A fetch that follows each request's redirects within that request's origin only. */
export function fetchWithinOrigin(baseFetch: typeof fetch): typeof fetch {
  const guarded = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    return followWithinOrigin(baseFetch, url, init ?? {}, url.origin);
  };
  return guarded as typeof fetch;
}

/** Sends with `redirect: "manual"` and follows a redirect only while it stays at `origin`. */
export async function followWithinOrigin(baseFetch: typeof fetch, firstUrl: URL, firstInit: RequestInit, origin: string): Promise<Response> {
  let url = firstUrl;
  let init: RequestInit = { ...firstInit, redirect: "manual" };
  for (let redirects = 0; ; redirects++) {
    const response = await baseFetch(url.href, init);
    if (response.type === "opaqueredirect") {
      throw new RedirectRefusedError(`${origin} answered with a redirect the browser does not disclose: not followed, so its key stays with ${origin}`);
    }
    const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get("location") : null;
    if (location === null) return response;
    await response.body?.cancel().catch(() => undefined);
    const next = new URL(location, url);
    if (next.origin !== origin) throw crossOriginRedirect(response.status, next.origin, origin);
    if (redirects + 1 > MAX_REDIRECTS) throw tooManyRedirects();
    // As fetch does: 303, and 301/302 after a POST, become a GET without a body.
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && (init.method ?? "GET").toUpperCase() === "POST")) {
      init = { ...init, method: "GET", body: null, headers: withoutContentHeaders(init.headers) };
    }
    url = next;
  }
}

function withoutContentHeaders(headers: HeadersInit | undefined): Headers {
  const next = new Headers(headers);
  for (const name of ["content-type", "content-length", "content-encoding", "content-language", "content-location"]) next.delete(name);
  return next;
}
