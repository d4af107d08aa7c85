// A model's own tokenizer, from its tokenizer.json and tokenizer_config.json (@huggingface/tokenizers):
// prompts counted exactly as that model's server counts them, its chat template aside. The files come
// already parsed: fetching them from the Hub, or reading them from disk, is the caller's.
import { Tokenizer as HubTokenizer } from "@huggingface/tokenizers";
import { TokenizerProblem, type Tokenizer } from "./tokenizer";

/** Where the files came from, for the tokenizer's id: a Hub model at a revision, or a file's name. */
export type HfTokenizerOrigin = { model: string; revision?: string } | { file: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function hfTokenizerId(origin: HfTokenizerOrigin): string {
  if ("file" in origin) return `file:${origin.file}`;
  return origin.revision === undefined ? `hf:${origin.model}` : `hf:${origin.model}@${origin.revision}`;
}

/**
 * `tokenizerConfig` may be left out (a model without tokenizer_config.json): the library's defaults
 * apply then. Throws TokenizerProblem when the files are not a tokenizer the library can run.
 */
export function createHfTokenizer(tokenizerJson: unknown, tokenizerConfig: unknown, origin: HfTokenizerOrigin): Tokenizer {
  if (!isObject(tokenizerJson)) throw new TokenizerProblem("tokenizer.json must hold a JSON object");
  if (!isObject(tokenizerJson.model)) throw new TokenizerProblem('tokenizer.json has no "model" object: not a tokenizer file of the tokenizers library');
  if (tokenizerConfig !== undefined && !isObject(tokenizerConfig)) throw new TokenizerProblem("tokenizer_config.json must hold a JSON object");
  // The library reads these keys whether or not a tokenizer has one; an older file may leave them out.
  const complete = { normalizer: null, pre_tokenizer: null, post_processor: null, decoder: null, added_tokens: [], ...tokenizerJson };
  let hub: HubTokenizer;
  try {
    hub = new HubTokenizer(complete, tokenizerConfig ?? {});
  } catch (error) {
    throw new TokenizerProblem(`tokenizer.json cannot be used: ${error instanceof Error ? error.message : String(error)}`);
  }
  // The library takes a model type it does not know and then gives no ids: a file is tried before it is used.
  const probe = hub.encode("The quick brown fox.", { add_special_tokens: false }).ids;
  if (probe.length === 0 || !probe.every((id) => Number.isInteger(id))) {
    throw new TokenizerProblem(`tokenizer.json cannot be used: its model (type ${JSON.stringify(tokenizerJson.model.type)}) turns no text into token ids`);
  }
  return {
    id: hfTokenizerId(origin),
    // No BOS or other special tokens: the prompt's own tokens; the server's template adds its own.
    encode: (text) => hub.encode(text, { add_special_tokens: false }).ids,
    // The library refuses an empty list.
    decode: (ids) => (ids.length === 0 ? "" : hub.decode([...ids], { skip_special_tokens: true })),
  };
}
