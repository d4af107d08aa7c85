// The `prefix-cache` profile's memory of prompts it has seen, as vLLM's automatic prefix caching keeps
// them: a prompt's words in blocks of a fixed size, each block known by a hash of itself and every block
// before it, so a block hits only when the whole prompt up to its end was seen before. A prompt's cached
// words are its leading blocks already known; every block of it is then remembered. Bounded: past
// `maxBlocks`, the blocks used least recently are forgotten first (a Map keeps insertion order, and a hit
// moves its block to the end).
import { hashString } from "./random";
// Words as prompt_tokens counts them, whatever joins the messages: the same words make the same blocks.
import { wordsOf } from "./text";

/** How a profile caches prompt prefixes (Profile.prefixCache). */
export interface PrefixCaching {
  /** Words per block: only whole blocks are cached, as a server's KV blocks are (vLLM's default is 16 tokens). */
  blockWords: number;
  /** Blocks remembered at most, over every model the profile serves. */
  maxBlocks: number;
  /** The share of TTFT a fully cached prompt saves: TTFT × (1 − prefillSaving × cached / prompt words). */
  prefillSaving: number;
}

export interface PrefixCache {
  /** The prompt's leading words served from the cache (whole blocks, at most all words but the last), then every block of it remembered. */
  serve(model: string, promptText: string): number;
  /**
   * Remembers every whole block of a prompt followed by the answer generated for it: vLLM keeps the blocks
   * a request decoded too, so the next turn of a conversation, which sends that answer back, finds them.
   */
  keepAnswered(model: string, promptText: string, answerText: string): void;
}

export function createPrefixCache(settings: PrefixCaching): PrefixCache {
  const blocks = new Map<string, true>();
  const remember = (key: string): void => {
    blocks.delete(key);
    blocks.set(key, true);
    if (blocks.size > settings.maxBlocks) blocks.delete(blocks.keys().next().value as string);
  };
  return {
    serve(model, promptText) {
      const words = wordsOf(promptText);
      const keys = blockKeys(model, words, settings.blockWords);
      let hits = 0;
      while (hits < keys.length && blocks.has(keys[hits]!)) hits++;
      for (const key of keys) remember(key);
      // A server computes at least the prompt's last token to answer: a prompt seen whole is one word short of cached.
      return Math.min(hits * settings.blockWords, Math.max(0, words.length - 1));
    },
    keepAnswered(model, promptText, answerText) {
      for (const key of blockKeys(model, [...wordsOf(promptText), ...wordsOf(answerText)], settings.blockWords)) remember(key);
    },
  };
}


/** One key per whole block: the model and two 32-bit hashes chained over the blocks so far (64 bits, so two prompts' blocks do not collide by chance). */
function blockKeys(model: string, words: readonly string[], blockWords: number): string[] {
  const keys: string[] = [];
  let first = hashString(model, 0x9e3779b1);
  let second = hashString(model, 0x85ebca6b);
  for (let end = blockWords; end <= words.length; end += blockWords) {
    const block = words.slice(end - blockWords, end).join(" ");
    first = hashString(block, first);
    second = hashString(block, second);
    keys.push(`${first.toString(36)}.${second.toString(36)}`);
  }
  return keys;
}

/** The TTFT multiplier for a prompt with `cachedWords` of `promptWords` served from the cache. */
export function cachedTtftFactor(settings: PrefixCaching, cachedWords: number, promptWords: number): number {
  return promptWords > 0 ? 1 - settings.prefillSaving * (cachedWords / promptWords) : 1;
}
