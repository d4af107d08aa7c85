// The tokenizer at hand without a network: an OpenAI BPE from gpt-tokenizer, loaded on first use (its
// merge table is megabytes of JavaScript, so it is a chunk of its own in the site and never on the
// first screen).
//
// o200k_base is the default: it is the encoding of today's OpenAI models (GPT-4o, GPT-4.1, GPT-5, the
// o-series; gpt-oss uses it with a few more special tokens), and its 200k-token vocabulary cuts English
// text about as finely as the 128k-150k vocabularies of current open models (Llama 3, Qwen 2.5), so a
// prompt of 512 o200k tokens is close to 512 of theirs. cl100k_base (GPT-4, GPT-3.5) is offered for
// comparison with older runs. A model's own tokenizer (hf-tokenizer.ts) is exact where this is close.
import type { Tokenizer } from "./tokenizer";
import { DEFAULT_OFFLINE_ENCODING, type OfflineEncoding } from "./tokenizer-choice";

interface GptEncodingModule {
  encode: (text: string, options?: { disallowedSpecial?: Set<string> }) => number[];
  decode: (ids: Iterable<number>) => string;
}

/**
 * Special-token text such as `<|endoftext|>` is read as plain text, as a server reads it inside a
 * message: gpt-tokenizer refuses it by default, and allowing it would count one token where the
 * server counts several.
 */
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/** Each encoding is imported once; its module keeps its own merge cache. */
const loading = new Map<OfflineEncoding, Promise<Tokenizer>>();

export function loadOfflineTokenizer(encoding: OfflineEncoding = DEFAULT_OFFLINE_ENCODING): Promise<Tokenizer> {
  let tokenizer = loading.get(encoding);
  if (tokenizer === undefined) {
    const module: Promise<GptEncodingModule> = encoding === "o200k_base" ? import("gpt-tokenizer/encoding/o200k_base") : import("gpt-tokenizer/encoding/cl100k_base");
    tokenizer = module.then((loaded) => offlineTokenizer(encoding, loaded));
    // A failed import (a chunk the network lost) is not kept: the next call tries again.
    tokenizer.catch(() => loading.delete(encoding));
    loading.set(encoding, tokenizer);
  }
  return tokenizer;
}

function offlineTokenizer(encoding: OfflineEncoding, module: GptEncodingModule): Tokenizer {
  return {
    id: `gpt-tokenizer:${encoding}`,
    encode: (text) => module.encode(text, PLAIN_TEXT),
    decode: (ids) => module.decode(ids),
  };
}
