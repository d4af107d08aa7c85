// Reading a token stream from the library (chat completion chunks, completion chunks, TGI's own events):
// every chunk counted and timed as it comes, the answer text joined, the provider's usage kept.
import type { CallHooks, TargetCallResult, TokenUsage } from "./task-definition";
import type { ToolCallAssembler } from "./tool-calls";

export interface RawUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  completion_tokens_details?: { reasoning_tokens?: number } | null;
  prompt_tokens_details?: { cached_tokens?: number } | null;
  /** DeepSeek's name for the input served from its context cache (beside prompt_cache_miss_tokens). */
  prompt_cache_hit_tokens?: number;
  /** Anthropic's name, kept by gateways that pass its usage on in an OpenAI-shaped answer. */
  cache_read_input_tokens?: number;
  /** Moonshot's (Kimi's) name, at the top of usage. */
  cached_tokens?: number;
}

export async function collectStream<Chunk>(
  stream: AsyncIterable<Chunk>,
  contentOf: (chunk: Chunk) => string | null | undefined,
  usageOf: (chunk: Chunk) => RawUsage | null | undefined,
  hooks: CallHooks,
  reasoningOfChunk: (chunk: Chunk) => string | null = () => null,
  /** Only when the request offered tools: each chunk's tool-call deltas, and where they are joined. */
  tools?: { deltasOf: (chunk: Chunk) => unknown; assembler: ToolCallAssembler },
): Promise<TargetCallResult> {
  const parts: string[] = [];
  let chunkCount = 0;
  let contentChunkCount = 0;
  let reasoningChunkCount = 0;
  let usage: TokenUsage | null = null;
  let finished = false;
  for await (const chunk of stream) {
    chunkCount++;
    finished ||= hasFinishReason(chunk);
    const content = contentOf(chunk);
    // Read whatever else the chunk carries: a call's piece is never dropped for text beside it.
    const toolCallPiece = tools !== undefined && tools.assembler.add(tools.deltasOf(chunk));
    if (content) {
      contentChunkCount++;
      hooks.onContent("answer");
      parts.push(content);
    } else if (reasoningOfChunk(chunk) !== null) {
      // Counted and timed apart; the output keeps the answer only.
      reasoningChunkCount++;
      hooks.onContent("reasoning");
    } else if (toolCallPiece) {
      // A piece of a call's arguments is generated output like a piece of text: counted and timed as one.
      contentChunkCount++;
      hooks.onContent("toolCall");
    }
    const chunkUsage = usageOf(chunk);
    if (chunkUsage) usage = usageFrom(chunkUsage);
  }
  const result: TargetCallResult = { output: parts.join(""), outputKind: "text", outputValue: null, usage, chunkCount, contentChunkCount, reasoningChunkCount, finished };
  if (tools !== undefined) result.toolCalls = tools.assembler.result();
  return result;
}

/** OpenAI chunks end a choice with `choices[i].finish_reason`; TGI's native stream with `details.finish_reason`. */
function hasFinishReason(chunk: unknown): boolean {
  const { choices, details } = chunk as { choices?: unknown; details?: { finish_reason?: unknown } | null };
  if (typeof details?.finish_reason === "string") return true;
  return Array.isArray(choices) && choices.some((choice) => typeof (choice as { finish_reason?: unknown } | null)?.finish_reason === "string");
}

export function usageFrom(usage: RawUsage | null | undefined): TokenUsage | null {
  if (!usage) return null;
  return {
    promptTokens: typeof usage.prompt_tokens === "number" ? usage.prompt_tokens : null,
    completionTokens: typeof usage.completion_tokens === "number" ? usage.completion_tokens : null,
    reasoningTokens: typeof usage.completion_tokens_details?.reasoning_tokens === "number" ? usage.completion_tokens_details.reasoning_tokens : null,
    cachedInputTokens: cachedTokensOf(usage),
  };
}

/**
 * Input tokens the provider served from its prompt cache, under whichever name its family reports them
 * (docs/metrics.md "Prefix caching"): OpenAI's, vLLM's, SGLang's and most servers'
 * `prompt_tokens_details.cached_tokens` first, then DeepSeek's, Anthropic's and Moonshot's. Null when
 * none is a count: a provider that says nothing has not said 0.
 */
export function cachedTokensOf(usage: RawUsage): number | null {
  for (const count of [usage.prompt_tokens_details?.cached_tokens, usage.prompt_cache_hit_tokens, usage.cache_read_input_tokens, usage.cached_tokens]) {
    if (typeof count === "number" && Number.isFinite(count) && count >= 0) return count;
  }
  return null;
}
