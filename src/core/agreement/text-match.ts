// Text agreement: the same answer once case, punctuation and spacing are set aside, and relative length.

/**
 * Unicode compatibility forms folded (NFKC), lower case, punctuation and symbols dropped, runs of white
 * space made one space, ends trimmed: "Paris." and " paris" are the same answer.
 */
export function normaliseText(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, "")
    .replace(/\s+/gu, " ")
    .trim();
}

/** 1 when the normalised texts are equal, else 0. */
export function normalisedExactMatch(a: string, b: string): number {
  return normaliseText(a) === normaliseText(b) ? 1 : 0;
}

/** The shorter text's length over the longer's, in characters (code points): 1 for equal lengths; null when both are empty. */
export function lengthRatio(a: string, b: string): number | null {
  const lengthA = [...a].length;
  const lengthB = [...b].length;
  const longer = Math.max(lengthA, lengthB);
  return longer === 0 ? null : Math.min(lengthA, lengthB) / longer;
}
