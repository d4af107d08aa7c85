// msw handlers for the Hugging Face Hub mapping lookup and the inference router, shaped like the real
// exchanges recorded in tests/fixtures/hf-router-chat-tapes.json (ids, created, usage, `data:` events).
import { http, HttpResponse, delay } from "msw";

export const HUB_URL = "https://huggingface.co";
export const ROUTER_URL = "https://router.huggingface.co";

/** Provider ids the mocked Hub maps each model to, per provider. */
export const PROVIDER_MODEL_IDS: Record<string, string> = {
  groq: "llama-3.1-8b-instant",
  together: "meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo",
  cerebras: "llama3.1-8b",
};

/** The chat route of each mocked provider behind the router. */
export const CHAT_ROUTES: Record<string, string> = {
  groq: `${ROUTER_URL}/groq/openai/v1/chat/completions`,
  together: `${ROUTER_URL}/together/v1/chat/completions`,
  cerebras: `${ROUTER_URL}/cerebras/v1/chat/completions`,
};

export function hubMappingHandler() {
  return http.get(`${HUB_URL}/api/models/:org/:name`, ({ params }) => {
    const modelId = `${String(params.org)}/${String(params.name)}`;
    const mapping = Object.fromEntries(
      Object.entries(PROVIDER_MODEL_IDS).map(([provider, providerId]) => [provider, { providerId, status: "live", task: "conversational" }]),
    );
    return HttpResponse.json({ _id: "mock", id: modelId, inferenceProviderMapping: mapping });
  });
}

export function chatCompletionBody(model: string, content: string, completionTokens: number) {
  return {
    id: "chatcmpl-mock",
    object: "chat.completion",
    created: 1714873384,
    model,
    system_fingerprint: "mock",
    choices: [{ index: 0, message: { role: "assistant", content }, logprobs: null, finish_reason: "stop" }],
    usage: { prompt_tokens: 21, completion_tokens: completionTokens, total_tokens: 21 + completionTokens },
  };
}

export interface StreamScript {
  model: string;
  tokens: string[];
  /** Wait before the first content event (the TTFT the server imposes). */
  firstTokenDelayMs?: number;
  /** Wait between content events. */
  interTokenDelayMs?: number;
  includeUsage?: boolean;
  /** End the stream after the tokens: no finish reason, no `[DONE]` (a finish reason alone completes a stream). */
  cutBeforeDone?: boolean;
  /** Send an error event (inside the HTTP 200) after this many tokens. */
  errorAfterTokens?: number;
}

const encoder = new TextEncoder();

function chunkEvent(model: string, delta: Record<string, unknown>, finishReason: string | null): string {
  const chunk = {
    id: "chatcmpl-mock",
    object: "chat.completion.chunk",
    created: 1714873384,
    model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
  return `data:${JSON.stringify(chunk)}\n\n`;
}

/** An SSE body written over time, like a real token stream. */
export function sseStream(script: StreamScript): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async start(controller) {
      const send = (text: string) => controller.enqueue(encoder.encode(text));
      send(chunkEvent(script.model, { role: "assistant", content: "" }, null));
      await delay(script.firstTokenDelayMs ?? 0);
      for (const [index, token] of script.tokens.entries()) {
        if (index > 0 && script.interTokenDelayMs) await delay(script.interTokenDelayMs);
        if (script.errorAfterTokens === index) {
          send(`data:${JSON.stringify({ error: "Input validation error: `inputs` tokens + `max_new_tokens` must be <= 4096", error_type: "validation" })}\n\n`);
          controller.close();
          return;
        }
        send(chunkEvent(script.model, { role: "assistant", content: token }, null));
      }
      if (script.cutBeforeDone) {
        controller.close();
        return;
      }
      send(chunkEvent(script.model, {}, "stop"));
      if (script.includeUsage ?? true) {
        const usage = { prompt_tokens: 21, completion_tokens: script.tokens.length, total_tokens: 21 + script.tokens.length };
        send(`data:${JSON.stringify({ id: "chatcmpl-mock", object: "chat.completion.chunk", created: 1714873384, model: script.model, choices: [], usage })}\n\n`);
      }
      send("data:[DONE]\n\n");
      controller.close();
    },
  });
}

export function sseResponse(script: StreamScript): HttpResponse<ReadableStream<Uint8Array>> {
  return new HttpResponse(sseStream(script), { headers: { "content-type": "text/event-stream", "x-request-id": "mock" } });
}

export function openAiError(status: number, message: string, headers: Record<string, string> = {}) {
  return HttpResponse.json({ error: { message, type: "server_error", code: String(status) } }, { status, headers });
}
