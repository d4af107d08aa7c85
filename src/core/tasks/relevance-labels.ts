// A text-ranking input's relevance labels (text-ranking.ts validates them: one grade per document, 0 or
// more), read from the input's value where the run and the metric catalogue need them.
import type { TextRankingInput } from "./text-ranking";

/** An input's relevance labels (a text-ranking input that carries them); undefined for any other input. */
export function relevanceLabelsOf(value: unknown): readonly number[] | undefined {
  const relevance = typeof value === "object" && value !== null ? (value as Partial<TextRankingInput>).relevance : undefined;
  return Array.isArray(relevance) ? (relevance as number[]) : undefined;
}
