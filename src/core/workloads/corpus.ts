// The text prompts are cut from, and the places a prompt may start: the first letter of a word, so a
// prompt never opens inside a word. Read as a loop: past its end it goes on from its beginning, so a
// prompt may be longer than the corpus.

export interface Corpus {
  /** Recorded with the run beside the tokenizer: the same seed cuts the same prompts only from the same text. */
  id: string;
  text: string;
}

export interface IndexedCorpus extends Corpus {
  /** Offsets in `text` where a word starts, in order. */
  wordStarts: Int32Array;
}

/** The shipped corpus's id; its text is corpus-text.ts. A new edition of the text takes a new id. */
export const DEFAULT_CORPUS_ID = "public-domain-1";

/** Between the corpus's end and its beginning again. */
const LOOP_JOIN = "\n\n";

let defaultCorpus: Promise<IndexedCorpus> | undefined;

/** The shipped public-domain corpus, loaded on first use (tens of kilobytes no screen needs up front), then kept. */
export function loadDefaultCorpus(): Promise<IndexedCorpus> {
  defaultCorpus ??= import("./corpus-text").then(({ CORPUS_TEXT }) => indexCorpus({ id: DEFAULT_CORPUS_ID, text: CORPUS_TEXT }));
  // A failed import (a chunk the network lost) is not kept: the next call tries again.
  defaultCorpus.catch(() => (defaultCorpus = undefined));
  return defaultCorpus;
}

export function indexCorpus(corpus: Corpus): IndexedCorpus {
  const starts: number[] = [];
  const text = corpus.text;
  for (let offset = 0; offset < text.length; offset++) {
    if (!/\s/.test(text[offset]!) && (offset === 0 || /\s/.test(text[offset - 1]!))) starts.push(offset);
  }
  if (starts.length === 0) throw new RangeError(`corpus ${corpus.id}: no words to cut prompts from`);
  return { ...corpus, wordStarts: Int32Array.from(starts) };
}

/**
 * `length` characters from the start of word `wordIndex` (taken modulo the word count), going round
 * the loop as often as needed.
 */
export function corpusTextFrom(corpus: IndexedCorpus, wordIndex: number, length: number): string {
  const count = corpus.wordStarts.length;
  let offset = corpus.wordStarts[((wordIndex % count) + count) % count]!;
  const pieces: string[] = [];
  let remaining = length;
  while (remaining > 0) {
    const piece = corpus.text.slice(offset, offset + remaining);
    pieces.push(piece);
    remaining -= piece.length;
    if (remaining > 0) {
      pieces.push(LOOP_JOIN.slice(0, remaining));
      remaining -= Math.min(remaining, LOOP_JOIN.length);
    }
    offset = 0;
  }
  return pieces.join("");
}
