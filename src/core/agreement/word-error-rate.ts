// Word error rate between two transcripts: the word-level edit distance over the reference's words.
import { distance } from "fastest-levenshtein";
import { normaliseText } from "./text-match";

/** Words of a transcript after normalisation (text-match.ts), so case and punctuation are not errors. */
export function transcriptWords(text: string): string[] {
  const normalised = normaliseText(text);
  return normalised === "" ? [] : normalised.split(" ");
}

/**
 * Each distinct word becomes one UTF-16 code unit, so the library's character edit distance counts
 * word substitutions, insertions and deletions (the mapping jiwer uses). Code units start past the
 * surrogate range's end to stay single units; ~8,000 distinct words per pair is far beyond a transcript.
 */
const FIRST_CODE_UNIT = 0xe000;
const LAST_CODE_UNIT = 0xffff;

/** Substitutions + deletions + insertions turning the reference's words into the hypothesis's. */
export function wordEditDistance(referenceWords: readonly string[], hypothesisWords: readonly string[]): number {
  const codes = new Map<string, string>();
  const encode = (words: readonly string[]): string =>
    words
      .map((word) => {
        let code = codes.get(word);
        if (code === undefined) {
          const unit = FIRST_CODE_UNIT + codes.size;
          if (unit > LAST_CODE_UNIT) throw new RangeError(`too many distinct words to compare (over ${LAST_CODE_UNIT - FIRST_CODE_UNIT + 1})`);
          code = String.fromCharCode(unit);
          codes.set(word, code);
        }
        return code;
      })
      .join("");
  return distance(encode(referenceWords), encode(hypothesisWords));
}

/**
 * WER = word edits / words in the reference. 0 for the same words; can pass 1 when the hypothesis has
 * many extra words. null when the reference has no words (the rate has no denominator).
 */
export function wordErrorRate(reference: string, hypothesis: string): number | null {
  const referenceWords = transcriptWords(reference);
  if (referenceWords.length === 0) return null;
  return wordEditDistance(referenceWords, transcriptWords(hypothesis)) / referenceWords.length;
}
