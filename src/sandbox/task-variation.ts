// What makes the sandbox's task "models" differ from each other, and nothing else: every answer is a
// reference answer drawn from the input and the seed (the same for every profile), then bent a little by
// the profile's own draws, as much as its `outputNoise` says. The same input always gets the same answer
// from the same profile and seed, whichever request it is, so agreement across targets is stable.

import { hashString, mulberry32, standardNormal, type Random } from "./random";

export interface Variation {
  seed: number;
  profileName: string;
  /** 0: always the reference answer; 0.3: a sloppy model that often strays. */
  noise: number;
}

/** Draws that every profile shares for this input: the reference answer. */
export function referenceRandom(variation: Variation, key: string): Random {
  return mulberry32(hashString(key, variation.seed));
}

/** Draws of this profile alone for this input: how its answer strays from the reference. */
export function profileRandom(variation: Variation, key: string): Random {
  return mulberry32(hashString(`${variation.profileName}\u0000${key}`, variation.seed));
}

/** A score bent by the profile: the reference logit plus noise × a standard normal. */
export function bentLogit(logit: number, variation: Variation, random: Random, scale = 3): number {
  return logit + variation.noise * scale * standardNormal(random);
}

export function softmax(logits: readonly number[]): number[] {
  const max = Math.max(...logits);
  const exps = logits.map((logit) => Math.exp(logit - max));
  const sum = exps.reduce((total, value) => total + value, 0);
  return exps.map((value) => value / sum);
}

export function sigmoid(value: number): number {
  return 1 / (1 + Math.exp(-value));
}

/** Scores with 6 significant digits or so, like real models' float32 answers printed as JSON. */
export function roundScore(score: number): number {
  return Number(score.toPrecision(7));
}

/** Labels with scores, best first. */
export function rankedLabels(labels: readonly string[], scores: readonly number[]): { label: string; score: number }[] {
  return labels
    .map((label, index) => ({ label, score: roundScore(scores[index] ?? 0) }))
    .sort((a, b) => b.score - a.score || a.label.localeCompare(b.label));
}

const STOPWORDS = new Set(
  "a an the of to in on at by for from with and or but is are was were be been being it its this that these those what which who whom whose when where why how do does did can could should would will shall may might must has have had i you he she we they me him her us them my your his our their there here as than then so if not no yes".split(
    " ",
  ),
);

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word.toLowerCase());
}

export interface WordSpan {
  word: string;
  start: number;
  end: number;
}

/** Words with their character offsets (letters, digits, inner apostrophes and hyphens). */
export function wordSpans(text: string): WordSpan[] {
  const spans: WordSpan[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}](?:[\p{L}\p{N}'’-]*[\p{L}\p{N}])?/gu)) {
    spans.push({ word: match[0], start: match.index, end: match.index + match[0].length });
  }
  return spans;
}

/** Content words, lower-cased, for overlap counts. */
export function contentWords(text: string): string[] {
  return wordSpans(text)
    .map((span) => span.word.toLowerCase())
    .filter((word) => !isStopword(word));
}

/** Loose match: the same word, or the same first five letters (cats ~ cat, running ~ run is not). */
export function sameWord(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x === y) return true;
  const stem = (word: string) => word.replace(/(es|s)$/, "");
  return stem(x) === stem(y) || (x.length >= 5 && y.length >= 5 && x.slice(0, 5) === y.slice(0, 5));
}

export function overlapCount(words: readonly string[], among: readonly string[]): number {
  return words.filter((word) => among.some((other) => sameWord(word, other))).length;
}
