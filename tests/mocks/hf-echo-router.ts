// msw handlers for a Hugging Face router that echoes the Authorization header it received into the
// answer (chat, streamed or not) and into its error text: what a hostile or buggy provider could do.
import { http, HttpResponse } from "msw";
import { CHAT_ROUTES, PROVIDER_MODEL_IDS, chatCompletionBody, hubMappingHandler, openAiError, sseResponse } from "./hf-router";

export interface RouterSeen {
  authorization: string | null;
  body: Record<string, unknown>;
}

/** `seen` receives every chat request the router got; the `groq` route answers, the `together` one fails with a 401. */
export function echoingRouterHandlers(seen: RouterSeen[] = []) {
  return [
    hubMappingHandler(),
    http.post(CHAT_ROUTES.groq!, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      const authorization = request.headers.get("authorization");
      seen.push({ authorization, body });
      const echoed = `authorization=${authorization ?? "(none)"}`;
      if (body.stream === true) return sseResponse({ model: PROVIDER_MODEL_IDS.groq!, tokens: ["echo ", ...echoed.match(/.{1,6}/g)!] });
      return HttpResponse.json(chatCompletionBody(PROVIDER_MODEL_IDS.groq!, echoed, 4));
    }),
    http.post(CHAT_ROUTES.together!, async ({ request }) => {
      const authorization = request.headers.get("authorization");
      seen.push({ authorization, body: (await request.json()) as Record<string, unknown> });
      return openAiError(401, `Invalid credentials in Authorization header: ${authorization ?? "(none)"}`);
    }),
  ];
}
