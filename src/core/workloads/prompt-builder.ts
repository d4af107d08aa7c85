// Prompts of exact token counts for one run: distinct ones (each from a start in the corpus no other
// prompt of the run has), ones that open with a shared prefix, and ones built of a trace's blocks, where
// every hash id is the same text wherever it appears, so requests that share leading hash ids share
// leading text, byte for byte, as they shared a prefix in the trace.
//
// A prompt is pieces of corpus text, each from the first letter of a word; every piece after the first
// is led by a space, where today's tokenizers start a new token, so the pieces' tokens add up and a
// shared piece is the same tokens in every prompt. The last piece is cut to make the whole exact, and
// the whole is counted again (exact-text.ts); the pieces before it are cut to their own lengths and kept.
import type { IndexedCorpus } from "./corpus";
import { exactText } from "./exact-text";
import { createStartPlaces } from "./start-places";
import type { Tokenizer } from "./tokenizer";

export interface SharedPrefix {
  text: string;
  tokens: number;
}

export interface BlockPrompt {
  prompt: string;
  /** The hash ids whose blocks the prompt holds, the last one perhaps in part: as many as its length covers. */
  hashIds: number[];
}

export interface PromptBuilder {
  readonly tokenizerId: string;
  readonly corpusId: string;
  /** The text every prompt given it opens with, exactly `tokens` long; the same for every call with the same count. */
  sharedPrefix(tokens: number): SharedPrefix;
  /** A prompt of exactly `inputTokens`, opening with `prefix` if given, and otherwise unlike every other prompt. */
  distinct(inputTokens: number, prefix?: SharedPrefix): string;
  /**
   * A prompt of exactly `inputTokens` whose first line is `firstLine`, then `prefix`, then text of its own:
   * the shared prefix behind a line no other prompt has, so no prefix cache can serve any of it (a cold probe).
   */
  behindLine(inputTokens: number, prefix: SharedPrefix, firstLine: string): string;
  /**
   * A prompt of exactly `inputTokens` that opens with the blocks of `hashIds`, `blockSize` tokens each
   * (Mooncake's hash_ids): the blocks its length covers, the last one cut short; past the blocks, text
   * of its own.
   */
  fromHashIds(inputTokens: number, hashIds: readonly number[], blockSize: number): BlockPrompt;
  /** How often every start in the corpus was used up: past 0, a prompt may open as an earlier one did. */
  readonly startRounds: number;
}

/** A piece of prompt: where in the corpus it starts, and whether a space leads it (every piece but a prompt's first). */
interface Piece {
  wordIndex: number;
  lead: string;
}

export function createPromptBuilder(tokenizer: Tokenizer, corpus: IndexedCorpus, seed: number): PromptBuilder {
  const places = createStartPlaces(corpus, seed);
  const prefixes = new Map<number, SharedPrefix>();
  const blockStarts = new Map<number, number>();
  const blockTexts = new Map<string, string>();

  /** `head` (of `headTokens`) and then `last`, cut so the whole is exactly `target`. */
  const finish = (head: string, headTokens: number, last: Piece, target: number): string =>
    exactText(tokenizer, corpus, { head, headTokens, lead: last.lead, wordIndex: last.wordIndex, target });

  const blockPiece = (hashId: number, position: number): Piece => {
    let wordIndex = blockStarts.get(hashId);
    if (wordIndex === undefined) blockStarts.set(hashId, (wordIndex = places.next()));
    return { wordIndex, lead: position === 0 ? "" : " " };
  };

  /** A whole block on its own, cut once per hash id (and lead) and kept. */
  const blockText = (hashId: number, position: number, blockSize: number): string => {
    const piece = blockPiece(hashId, position);
    const key = `${hashId}/${piece.lead}/${blockSize}`;
    let text = blockTexts.get(key);
    if (text === undefined) blockTexts.set(key, (text = finish("", 0, piece, blockSize)));
    return text;
  };

  return {
    tokenizerId: tokenizer.id,
    corpusId: corpus.id,
    get startRounds() {
      return places.rounds;
    },
    sharedPrefix(tokens) {
      let prefix = prefixes.get(tokens);
      if (prefix === undefined) prefixes.set(tokens, (prefix = { text: finish("", 0, { wordIndex: places.next(), lead: "" }, tokens), tokens }));
      return prefix;
    },
    distinct(inputTokens, prefix) {
      if (prefix === undefined) return finish("", 0, { wordIndex: places.next(), lead: "" }, inputTokens);
      if (inputTokens === prefix.tokens) return prefix.text;
      return finish(prefix.text, prefix.tokens, { wordIndex: places.next(), lead: " " }, inputTokens);
    },
    behindLine(inputTokens, prefix, firstLine) {
      const head = `${firstLine}\n${prefix.text}`;
      const headTokens = tokenizer.encode(head).length;
      if (inputTokens <= headTokens) throw new RangeError(`a prompt of ${inputTokens} tokens has no room for its own text after the first line and the ${prefix.tokens}-token prefix (${headTokens} tokens together)`);
      return finish(head, headTokens, { wordIndex: places.next(), lead: " " }, inputTokens);
    },
    fromHashIds(inputTokens, hashIds, blockSize) {
      // Whole blocks the length covers; when it covers them exactly, the last is still cut in place.
      const whole = Math.min(hashIds.length, Math.floor(inputTokens / blockSize));
      const kept = inputTokens === whole * blockSize ? whole - 1 : whole;
      const head = hashIds.slice(0, kept).map((hashId, position) => blockText(hashId, position, blockSize));
      const usesNextBlock = kept < hashIds.length;
      const last = usesNextBlock ? blockPiece(hashIds[kept]!, kept) : { wordIndex: places.next(), lead: kept === 0 ? "" : " " };
      const prompt = finish(head.join(""), kept * blockSize, last, inputTokens);
      return { prompt, hashIds: hashIds.slice(0, usesNextBlock ? kept + 1 : kept) };
    },
  };
}
