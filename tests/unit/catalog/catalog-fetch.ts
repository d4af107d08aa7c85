// A fetch for the catalog's unit tests: answers from a function of the URL, and notes what each request
// carried, so a test sees the token's every destination without msw or a network.
import type { LookupOptions } from "../../../src/core/catalog";

export const READ_AT = "2026-09-01T12:00:00.000Z";
export const TOKEN = "hf_SENTINEL_catalog_token_0123456789";

export interface Sent {
  url: string;
  authorization: string | null;
}

export function fakeFetch(answer: (url: URL) => Response | Promise<Response>): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const fake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    sent.push({ url, authorization: new Headers(init?.headers).get("authorization") });
    return answer(new URL(url));
  };
  return { fetch: fake as typeof fetch, sent };
}

/** `accessToken` null: no token at all. */
export function lookupOptions(send: typeof fetch, accessToken: string | null = TOKEN): LookupOptions {
  return { fetch: send, accessToken: accessToken ?? undefined, now: () => READ_AT };
}

export const json = (value: unknown, status = 200): Response => Response.json(value, { status });
