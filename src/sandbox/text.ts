// Generated content: pseudo-word tokens, word counts (the sandbox's notion of a token) and embeddings.

import { hashString, integerBetween, mulberry32, standardNormal, type Random } from "./random";

export const EMBEDDING_DIMENSIONS = 384;

// Syllables made of plain ASCII letters only: a token never needs JSON escaping and a whitespace split
// of the text gives back exactly the number of tokens.
const SYLLABLES = [
  "ka", "lo", "mi", "ren", "ta", "vo", "su", "ne", "ri", "pa", "dor", "el", "an", "is", "ul", "mar",
  "ti", "ko", "be", "zan", "fe", "lu", "qui", "sor", "ha", "mo", "vin", "te", "ga", "ru", "pel", "dis",
] as const;

function pseudoWord(random: Random): string {
  const syllableCount = integerBetween(random, 1, 3);
  let word = "";
  for (let index = 0; index < syllableCount; index++) {
    word += SYLLABLES[integerBetween(random, 0, SYLLABLES.length - 1)];
  }
  return word;
}

/** `count` tokens, each one word with its leading space (as TGI and vLLM stream them). */
export function pseudoTokens(random: Random, count: number): string[] {
  const tokens: string[] = [];
  for (let index = 0; index < count; index++) tokens.push(` ${pseudoWord(random)}`);
  return tokens;
}

/** A text's whitespace-separated words: the sandbox's stand-in for tokens (prompt_tokens, its prefix cache's blocks, a spoken word). */
export function wordsOf(text: string): string[] {
  const trimmed = text.trim();
  return trimmed === "" ? [] : trimmed.split(/\s+/);
}

/** Whitespace word count: the sandbox's stand-in for a tokenizer, used for prompt_tokens. */
export function countWords(text: string): number {
  return wordsOf(text).length;
}

/**
 * A unit-length vector that depends only on the text, so equal inputs give equal vectors whatever the
 * seed, profile or request order. Rounded to 8 decimals to keep bodies close to real TEI sizes.
 */
export function embeddingFor(text: string, dimensions = EMBEDDING_DIMENSIONS): number[] {
  const random = mulberry32(hashString(text, 0x5eed));
  const raw = Array.from({ length: dimensions }, () => standardNormal(random));
  const norm = Math.sqrt(raw.reduce((sum, value) => sum + value * value, 0)) || 1;
  return raw.map((value) => Math.round((value / norm) * 1e8) / 1e8);
}

/** Little-endian float32 bytes in base64: what OpenAI sends for `encoding_format: "base64"`. */
export function embeddingToBase64(vector: readonly number[]): string {
  const bytes = Buffer.alloc(vector.length * 4);
  vector.forEach((value, index) => bytes.writeFloatLE(value, index * 4));
  return bytes.toString("base64");
}

export interface RepeatableBlock {
  text: string;
  wordCount: number;
}

let cachedWordBlock: RepeatableBlock | undefined;

/** About 64 KB of words, repeated to build the `huge` profile's text without holding 50 MB of it. */
export function hugeWordBlock(): RepeatableBlock {
  if (!cachedWordBlock) {
    const random = mulberry32(0x4b1d);
    let text = "";
    let wordCount = 0;
    while (text.length < 64 * 1024) {
      text += ` ${pseudoWord(random)}`;
      wordCount++;
    }
    cachedWordBlock = { text, wordCount };
  }
  return cachedWordBlock;
}

let cachedNumberBlock: string | undefined;

/** 4096 comma-terminated numbers (about 45 KB), repeated to build huge embedding vectors. */
export function hugeNumberBlock(): string {
  if (!cachedNumberBlock) {
    const random = mulberry32(0xb10c);
    const parts: string[] = [];
    for (let index = 0; index < 4096; index++) parts.push(`${(random() * 0.02 - 0.01).toFixed(8)},`);
    cachedNumberBlock = parts.join("");
  }
  return cachedNumberBlock;
}
