// A tokenizer.json made by hand for the tests, in the shape the Hub's files have: a byte-level BPE (as
// GPT-2, Llama 3 and Qwen use) with the 256 byte symbols and a few merges of common English pieces, so
// every text can be encoded and decoded, and counts differ from the offline encodings'.

/** GPT-2's bytes_to_unicode: each byte as a printable character, the printable ones as themselves. */
function byteSymbols(): string[] {
  const printable = [
    ...Array.from({ length: 0x7e - 0x21 + 1 }, (_, index) => 0x21 + index),
    ...Array.from({ length: 0xac - 0xa1 + 1 }, (_, index) => 0xa1 + index),
    ...Array.from({ length: 0xff - 0xae + 1 }, (_, index) => 0xae + index),
  ];
  const symbols: string[] = [];
  let extra = 0;
  for (let byte = 0; byte < 256; byte++) symbols[byte] = String.fromCharCode(printable.includes(byte) ? byte : 256 + extra++);
  return symbols;
}

/** Merges in priority order; `Ġ` is the space byte's symbol. */
const MERGES = ["Ġ t", "h e", "Ġt he", "i n", "Ġ a", "e r", "o n", "Ġ o", "r e", "a t", "e n", "Ġ s", "Ġ w", "i s", "Ġ th", "an d", "Ġa nd", "o u", "Ġ b", "i t"];

export function tinyTokenizerJson(): Record<string, unknown> {
  const vocab: Record<string, number> = {};
  for (const symbol of byteSymbols()) vocab[symbol] = Object.keys(vocab).length;
  for (const merge of MERGES) vocab[merge.replace(" ", "")] ??= Object.keys(vocab).length;
  return {
    version: "1.0",
    added_tokens: [{ id: Object.keys(vocab).length, content: "<|end|>", single_word: false, lstrip: false, rstrip: false, normalized: false, special: true }],
    normalizer: null,
    pre_tokenizer: { type: "ByteLevel", add_prefix_space: false, trim_offsets: true, use_regex: true },
    post_processor: null,
    decoder: { type: "ByteLevel", add_prefix_space: true, trim_offsets: true, use_regex: true },
    model: { type: "BPE", dropout: null, unk_token: null, continuing_subword_prefix: null, end_of_word_suffix: null, fuse_unk: false, byte_fallback: false, vocab, merges: MERGES },
  };
}

export const TINY_TOKENIZER_CONFIG = { clean_up_tokenization_spaces: false, eos_token: "<|end|>" };
