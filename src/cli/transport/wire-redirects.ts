// Redirects on the wire transport, by the rule fetch follows too (core/endpoints/same-origin-redirects.ts):
// followed a few times within the origin, refused to another one, so the token and the prompt never leave
// the origin they were meant for.
import type { Agent } from "undici";
import { crossOriginRedirect, MAX_REDIRECTS, REDIRECT_STATUSES, tooManyRedirects } from "../../core/endpoints";
import type { WireEvents } from "../../core/measure";
import { dispatchOnce, type OutgoingRequest } from "./wire-request";
import type { WireResponse } from "./wire-response";

/** Follows same-origin redirects after the first answer; refuses others. */
export async function followRedirects(
  agent: Agent,
  request: OutgoingRequest,
  first: WireResponse,
  signal: AbortSignal | null,
  events: WireEvents | null,
  now: () => number,
): Promise<Response> {
  let response = first;
  for (let redirects = 0; ; redirects++) {
    const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get("location") : null;
    if (location === null) return response as unknown as Response;
    await response.body?.cancel();
    const next = new URL(location, request.url);
    if (next.origin !== request.url.origin) throw crossOriginRedirect(response.status, next.origin, request.url.origin);
    if (redirects + 1 > MAX_REDIRECTS) throw tooManyRedirects();
    // As fetch does: 303, and 301/302 after a POST, become a GET without a body.
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && request.method === "POST")) {
      request.method = "GET";
      request.body = null;
      request.headers = dropContentHeaders(request.headers);
    }
    request.url = next;
    response = await dispatchOnce(agent, request, signal, events, now);
  }
}

function dropContentHeaders(headers: string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < headers.length; index += 2) {
    if (!headers[index]!.toLowerCase().startsWith("content-")) kept.push(headers[index]!, headers[index + 1]!);
  }
  return kept;
}

