// What cuts and counts a prompt: text to token ids and back. Two kinds implement it (offline-tokenizer.ts,
// hf-tokenizer.ts); the prompt builder needs nothing else of them.

export interface Tokenizer {
  /**
   * Recorded with the run, so a reader knows which tokenizer the requested lengths were counted in:
   * `gpt-tokenizer:o200k_base`, `hf:<model id>@<revision>`, `file:<name>`.
   */
  readonly id: string;
  /** The text's tokens as they count in a prompt: without the special tokens a tokenizer adds around a text (a BOS). */
  encode(text: string): number[];
  /** Ids back to text; an empty list is the empty text. */
  decode(ids: readonly number[]): string;
}

/** A tokenizer.json (or its config) that cannot be read as a tokenizer: the message says which file and why. */
export class TokenizerProblem extends Error {}
