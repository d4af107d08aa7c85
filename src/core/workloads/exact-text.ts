// Text of an exact number of tokens, cut from the corpus at token boundaries and counted again.
//
// Cutting at a token boundary is not enough on its own: decoding the first k tokens of a text and
// encoding the result does not always give k tokens back. The cut may end inside a word, and the
// word's first part can merge into fewer tokens (or split into more) when nothing follows it; a
// tokenizer's decoder may also tidy spaces (" ." to ".") that the encoder then counts differently.
// So every candidate is counted again, and the cut moves by the difference until the count is the
// target: a few rounds at most, almost always one. A start where no cut lands on the target (the
// count jumps over it: one more token makes the last word whole and one fewer breaks it) is left for
// the next word; the prompt is never sent a token off.
import { corpusTextFrom, type IndexedCorpus } from "./corpus";
import type { Tokenizer } from "./tokenizer";

export interface ExactTextRequest {
  /** Text already placed before the piece (shared blocks, a prefix); "" for none. */
  head: string;
  /** The head's tokens, counted alone: the piece is fitted to the rest, then the whole is counted. */
  headTokens: number;
  /** Put before the piece after a head: " ", so the head's last token and the piece's first stay apart. */
  lead: string;
  /** The word (an index into corpus.wordStarts) the piece starts at; the next words if none fits there. */
  wordIndex: number;
  /** Tokens of the whole text: head, lead and piece. More than headTokens. */
  target: number;
}

/** No text of the exact length could be cut: a tokenizer that does not read back what it wrote. */
export class ExactLengthProblem extends Error {}

/** Starting words tried before giving up: one in thousands needs a second. */
export const START_TRIES = 16;

/** Cuts tried from one start: the difference shrinks to nothing within two or three. */
const SEARCH_ROUNDS = 12;

/** `head + lead + piece`, exactly `target` tokens under `tokenizer`. Throws ExactLengthProblem when no start fits. */
export function exactText(tokenizer: Tokenizer, corpus: IndexedCorpus, request: ExactTextRequest): string {
  if (!(request.target > request.headTokens)) throw new RangeError(`exactText: target ${request.target} must exceed the head's ${request.headTokens} tokens`);
  for (let attempt = 0; attempt < START_TRIES; attempt++) {
    const text = fitFrom(tokenizer, corpus, request, request.wordIndex + attempt);
    if (text !== null) return text;
  }
  throw new ExactLengthProblem(`no text of exactly ${request.target} tokens under ${tokenizer.id}: ${START_TRIES} starting places in the corpus tried`);
}

function fitFrom(tokenizer: Tokenizer, corpus: IndexedCorpus, request: ExactTextRequest, wordIndex: number): string | null {
  const { head, headTokens, target } = request;
  const piece = pieceOf(tokenizer, corpus, request.lead, wordIndex, target - headTokens);
  const count = (text: string): number => tokenizer.encode(text).length;
  // The piece alone first (cheap: a short text), then the whole once; across the seam the count
  // differs only when the head's end and the piece's start merge, and then the whole is fitted.
  const fittedAlone = searchLength((length) => headTokens + count(piece(length)), target - headTokens, target);
  // Without a head the piece is the whole, counted already.
  if (head === "") return fittedAlone === null ? null : piece(fittedAlone);
  if (fittedAlone !== null && count(head + piece(fittedAlone)) === target) return head + piece(fittedAlone);
  const fittedWhole = searchLength((length) => count(head + piece(length)), fittedAlone ?? target - headTokens, target);
  return fittedWhole === null ? null : head + piece(fittedWhole);
}

/** The first `length` tokens of `lead` + the corpus from a word, decoded; the source grows as needed. */
function pieceOf(tokenizer: Tokenizer, corpus: IndexedCorpus, lead: string, wordIndex: number, expectedTokens: number): (length: number) => string {
  let chars = Math.ceil((expectedTokens + 16) * charsPerToken(tokenizer, corpus) * 1.25) + 64;
  let ids = tokenizer.encode(lead + corpusTextFrom(corpus, wordIndex, chars));
  return (length) => {
    // Two tokens past the cut: the source's own last token may be a word cut short.
    while (ids.length < length + 2) {
      if (chars > MAX_SOURCE_CHARS) throw new ExactLengthProblem(`${tokenizer.id} makes too few tokens of the corpus for a text of ${length} tokens`);
      chars *= 2;
      ids = tokenizer.encode(lead + corpusTextFrom(corpus, wordIndex, chars));
    }
    return tokenizer.decode(ids.slice(0, length));
  };
}

/** 64 characters per token of the longest prompt: no tokenizer of text needs more. */
const MAX_SOURCE_CHARS = 64 * 1_048_576;

/**
 * A length whose measure is the target, starting from `start` and moving by the difference; null when
 * the measure steps over the target (two neighbouring lengths on either side) or rounds run out.
 */
function searchLength(measure: (length: number) => number, start: number, target: number): number | null {
  const tried = new Set<number>();
  let length = Math.max(1, start);
  for (let round = 0; round < SEARCH_ROUNDS; round++) {
    const measured = measure(length);
    if (measured === target) return length;
    tried.add(length);
    const step = target - measured;
    let next = Math.max(1, length + step);
    if (tried.has(next)) next = Math.max(1, length + Math.sign(step));
    if (tried.has(next)) return null;
    length = next;
  }
  return null;
}

/** Characters per token of the corpus under a tokenizer: sizes the text a piece is cut from. */
const measuredDensity = new WeakMap<Tokenizer, Map<string, number>>();
const DENSITY_SAMPLE_CHARS = 16_384;

function charsPerToken(tokenizer: Tokenizer, corpus: IndexedCorpus): number {
  let byCorpus = measuredDensity.get(tokenizer);
  if (byCorpus === undefined) measuredDensity.set(tokenizer, (byCorpus = new Map<string, number>()));
  let density = byCorpus.get(corpus.id);
  if (density === undefined) {
    const sample = corpus.text.slice(0, DENSITY_SAMPLE_CHARS);
    density = sample.length / Math.max(1, tokenizer.encode(sample).length);
    byCorpus.set(corpus.id, density);
  }
  return density;
}
