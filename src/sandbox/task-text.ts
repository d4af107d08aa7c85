// The sandbox's text "models": answers in the hf-inference shapes (the router's recorded answers show
// them), made from the input by simple rules so they read plausibly and differ a little per profile.

import { hashString, integerBetween, mulberry32, type Random } from "./random";
import {
  bentLogit,
  contentWords,
  isStopword,
  overlapCount,
  profileRandom,
  rankedLabels,
  referenceRandom,
  roundScore,
  sigmoid,
  softmax,
  wordSpans,
  type Variation,
  type WordSpan,
} from "./task-variation";
import { embeddingFor } from "./text";

/** The input cannot be answered (hf-inference says so with a 400). */
export class TaskInputError extends Error {}

const POSITIVE = new Set(
  "good great love loved like liked excellent happy fast best nice wonderful amazing helpful clear works easy enjoy enjoyed perfect recommend fantastic pleased quick reliable".split(" "),
);
const NEGATIVE = new Set(
  "bad hate hated slow terrible awful broken worst poor angry sad fails failed crash crashes useless refund disappointed never not late wrong annoying expensive".split(" "),
);

export function sentimentLogit(text: string): number {
  let logit = 0;
  for (const { word } of wordSpans(text)) {
    const lower = word.toLowerCase();
    if (POSITIVE.has(lower)) logit += 1.6;
    if (NEGATIVE.has(lower)) logit -= 1.6;
  }
  return logit;
}

/** `[[{label, score}, …]]`: one ranked list per text (the library takes the first). */
export function textClassification(texts: readonly string[], variation: Variation): { label: string; score: number }[][] {
  return texts.map((text) => {
    const reference = referenceRandom(variation, text);
    const logit = bentLogit(sentimentLogit(text) + (reference() - 0.5), variation, profileRandom(variation, text), 4);
    const positive = sigmoid(logit);
    return rankedLabels(["POSITIVE", "NEGATIVE"], [positive, 1 - positive]);
  });
}

const ORGANISATION_HINTS = /^(inc|corp|ltd|llc|gmbh|bank|university|labs?|group|company|foundation|institute)$/i;
const PLACE_PREPOSITIONS = new Set(["in", "at", "from", "to", "near"]);

export interface Entity {
  entity_group: string;
  score: number;
  word: string;
  start: number;
  end: number;
}

/** Runs of capitalised words are names; their kind from a hint word or the word before them. */
export function tokenClassification(text: string, variation: Variation): Entity[] {
  const spans = wordSpans(text);
  const own = profileRandom(variation, text);
  const reference = referenceRandom(variation, text);
  const entities: Entity[] = [];
  let index = 0;
  while (index < spans.length) {
    const span = spans[index] as WordSpan;
    const capitalised = /^\p{Lu}/u.test(span.word);
    const sentenceStart = index === 0 || /[.!?]\s*$/.test(text.slice(spans[index - 1]!.end, span.start));
    // "I", and a capitalised "The" opening a sentence, are not names.
    if (!capitalised || isStopword(span.word) || (sentenceStart && spans[index + 1] === undefined)) {
      index++;
      continue;
    }
    let last = index;
    while (last + 1 < spans.length && /^\p{Lu}/u.test(spans[last + 1]!.word) && !/[.!?,;]/.test(text.slice(spans[last]!.end, spans[last + 1]!.start))) last++;
    // A sloppy model sometimes splits a long name in two.
    const split = last > index && own() < variation.noise * 0.5;
    const groups: [number, number][] = split ? [[index, index], [index + 1, last]] : [[index, last]];
    for (const [from, to] of groups) {
      const first = spans[from] as WordSpan;
      const end = spans[to] as WordSpan;
      const words = spans.slice(from, to + 1).map((item) => item.word);
      const before = from > 0 ? spans[from - 1]!.word.toLowerCase() : "";
      let group = words.some((word) => ORGANISATION_HINTS.test(word)) ? "ORG" : PLACE_PREPOSITIONS.has(before) ? "LOC" : "PER";
      if (own() < variation.noise * 0.4) group = (["PER", "ORG", "LOC", "MISC"] as const)[integerBetween(own, 0, 3)] as string;
      entities.push({ entity_group: group, score: roundScore(0.9 + 0.099 * reference()), word: text.slice(first.start, end.end), start: first.start, end: end.end });
    }
    index = last + 1;
  }
  return entities;
}

/** `[{label, score}]` best first; with multi_label each label is scored on its own. */
export function zeroShotClassification(text: string, labels: readonly string[], multiLabel: boolean, variation: Variation): { label: string; score: number }[] {
  const words = contentWords(text);
  const reference = referenceRandom(variation, `${text}\u0000${labels.join("\u0000")}`);
  const own = profileRandom(variation, `${text}\u0000${labels.join("\u0000")}`);
  const logits = labels.map((label) => {
    const sentiment = /positive|praise|happy/i.test(label) ? sentimentLogit(text) / 2 : /negative|complaint|refund|angry/i.test(label) ? -sentimentLogit(text) / 2 : 0;
    return bentLogit(2.5 * overlapCount(contentWords(label), words) + sentiment + 1.2 * reference(), variation, own);
  });
  const scores = multiLabel ? logits.map((logit) => sigmoid(logit - 1.5)) : softmax(logits);
  return rankedLabels(labels, scores);
}

export interface AnswerSpan {
  answer: string;
  score: number;
  start: number;
  end: number;
}

/**
 * The words right after where the question's words gather in the context, extended over a name
 * ("Sarah Jessica Parker") or a number with its unit; a sloppy profile sometimes takes one word more.
 */
export function answerSpan(question: string, context: string, variation: Variation): AnswerSpan {
  const spans = wordSpans(context);
  if (spans.length === 0) throw new TaskInputError("The context is empty: there is nothing to answer from.");
  const asked = contentWords(question);
  const key = `${question}\u0000${context}`;
  const reference = referenceRandom(variation, key);
  const own = profileRandom(variation, key);
  let best = -1;
  let bestScore = -1;
  spans.forEach((span, index) => {
    const lower = span.word.toLowerCase();
    if (isStopword(lower) || asked.includes(lower)) return;
    const window = spans.slice(Math.max(0, index - 6), index).map((item) => item.word);
    const score = overlapCount(asked, window);
    if (score > bestScore) {
      best = index;
      bestScore = score;
    }
  });
  if (best < 0) best = 0;
  let last = best;
  const continues = (next: WordSpan | undefined) => next !== undefined && /^(\p{Lu}|\p{N})/u.test(next.word) && !/[.!?,;]/.test(context.slice(spans[last]!.end, next.start));
  while (continues(spans[last + 1])) last++;
  if (own() < variation.noise && last + 1 < spans.length) last++;
  const start = spans[best]!.start;
  const end = spans[last]!.end;
  return { answer: context.slice(start, end), score: roundScore(0.35 + 0.6 * reference() * (bestScore > 0 ? 1 : 0.3)), start, end };
}

export interface TableAnswer {
  answer: string;
  coordinates: number[][];
  cells: string[];
  aggregator: string;
}

/** The cell in the column and row that share the most words with the query; "how many" counts. */
export function tableQuestionAnswering(query: string, table: Record<string, string[]>, variation: Variation): TableAnswer {
  const columns = Object.keys(table);
  const asked = contentWords(query);
  const own = profileRandom(variation, `${query}\u0000${JSON.stringify(table)}`);
  const bestBy = <T>(items: readonly T[], score: (item: T) => number): number => {
    let best = 0;
    items.forEach((item, index) => {
      if (score(item) > score(items[best] as T)) best = index;
    });
    return best;
  };
  const column = bestBy(columns, (name) => overlapCount(contentWords(name), asked));
  const rowCount = Math.max(...columns.map((name) => table[name]!.length));
  if (/^\s*how many\b/i.test(query)) {
    const cells = table[columns[column]!] ?? [];
    return { answer: `COUNT > ${cells.join(", ")}`, coordinates: cells.map((_, row) => [row, column]), cells, aggregator: "COUNT" };
  }
  const rows = Array.from({ length: rowCount }, (_, row) => row);
  let row = bestBy(rows, (index) => overlapCount(asked, columns.flatMap((name) => contentWords(table[name]![index] ?? ""))));
  if (own() < variation.noise * 0.5 && rowCount > 1) row = (row + 1) % rowCount;
  const cell = table[columns[column]!]![row] ?? "";
  return { answer: cell, coordinates: [[row, column]], cells: [cell], aggregator: "NONE" };
}

const MASK_FILLERS = ["the", "a", "my", "this", "our", "new", "old", "big", "small", "good", "first", "last", "hello", "happy", "open", "free"];

export function fillMask(text: string, variation: Variation): { score: number; token: number; token_str: string; sequence: string }[] {
  const mask = text.includes("[MASK]") ? "[MASK]" : text.includes("<mask>") ? "<mask>" : null;
  if (mask === null) throw new TaskInputError("No mask_token ([MASK]) found on the input");
  const reference = referenceRandom(variation, text);
  const own = profileRandom(variation, text);
  const logits = MASK_FILLERS.map(() => bentLogit(4 * reference(), variation, own));
  const scores = softmax(logits);
  return MASK_FILLERS.map((word, index) => ({ word, score: scores[index] as number }))
    .sort((a, b) => b.score - a.score)
    .slice(0, 5)
    .map(({ word, score }) => ({ score: roundScore(score), token: hashString(word) % 30000, token_str: word, sequence: text.replace(mask, word) }));
}

function maxWordsOf(parameters: Record<string, unknown>, fallback: number): number {
  const value = parameters.max_length ?? parameters.max_new_tokens;
  return typeof value === "number" && Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;
}

/** The opening words of the text, about a third of it, cut at max_length words. */
export function summarize(text: string, parameters: Record<string, unknown>, variation: Variation): string {
  const words = text.trim().split(/\s+/).filter((word) => word !== "");
  const own = profileRandom(variation, text);
  const wanted = Math.max(4, Math.round(words.length * 0.3) + Math.round((own() - 0.5) * variation.noise * 12));
  const kept = words.slice(0, Math.min(wanted, maxWordsOf(parameters, 60), words.length));
  return kept.join(" ").replace(/[,;:]?$/, "").replace(/([^.!?])$/, "$1.");
}

const SYLLABLES = ["ka", "lo", "mi", "ren", "ta", "vo", "su", "ne", "ri", "pa", "dor", "el", "an", "is", "ul", "mar", "ti", "ko", "be", "zan"];

function pseudoWord(random: Random): string {
  let word = "";
  const count = integerBetween(random, 1, 3);
  for (let index = 0; index < count; index++) word += SYLLABLES[integerBetween(random, 0, SYLLABLES.length - 1)];
  return word;
}

/**
 * A made-up language, word for word: names and numbers stay, every other word always becomes the same
 * pseudo-word; a sloppy profile sometimes picks a synonym (another pseudo-word).
 */
export function translate(text: string, variation: Variation): string {
  const own = profileRandom(variation, text);
  return text.replace(/[\p{L}][\p{L}'’-]*/gu, (word, offset: number) => {
    if (offset > 0 && /^\p{Lu}/u.test(word)) return word;
    const synonym = own() < variation.noise * 0.5 ? 1 : 0;
    const translated = pseudoWord(mulberry32(hashString(word.toLowerCase(), 0x7a + synonym)));
    return /^\p{Lu}/u.test(word) ? translated[0]!.toUpperCase() + translated.slice(1) : translated;
  });
}

function bagOfWords(text: string): Map<string, number> {
  const bag = new Map<string, number>();
  for (const word of contentWords(text)) bag.set(word, (bag.get(word) ?? 0) + 1);
  return bag;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  for (const [word, count] of a) dot += count * (b.get(word) ?? 0);
  const norm = (bag: Map<string, number>) => Math.sqrt([...bag.values()].reduce((sum, count) => sum + count * count, 0));
  const denominator = norm(a) * norm(b);
  return denominator === 0 ? 0 : dot / denominator;
}

/** Bag-of-words cosine mapped into (0, 1), bent a little per profile. */
export function sentenceSimilarity(source: string, sentences: readonly string[], variation: Variation): number[] {
  const sourceBag = bagOfWords(source);
  return sentences.map((sentence) => {
    const own = profileRandom(variation, `${source}\u0000${sentence}`);
    const similarity = 0.15 + 0.8 * cosine(sourceBag, bagOfWords(sentence)) + variation.noise * 0.2 * (own() - 0.5);
    return roundScore(Math.min(1, Math.max(0, similarity)));
  });
}

/** A single text gets a bare vector, several a list of them (as TEI and hf-inference answer). */
export function featureExtraction(texts: readonly string[], single: boolean): number[] | number[][] {
  return single ? embeddingFor(texts[0] ?? "") : texts.map((text) => embeddingFor(text));
}
