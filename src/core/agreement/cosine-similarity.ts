// Cosine similarity of two embeddings of the same input: 1 when they point the same way.
import { readVector } from "../outputs";

/** a·b / (|a| |b|); null when the lengths differ or either vector is all zeros (no direction). */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number | null {
  if (a.length !== b.length || a.length === 0) return null;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  if (normA === 0 || normB === 0) return null;
  // Rounding can push a parallel pair a hair past 1.
  return Math.max(-1, Math.min(1, dot / Math.sqrt(normA * normB)));
}

/** Between two outputs: each must be one vector (token-level outputs, several rows, are not compared). */
export function embeddingCosine(a: unknown, b: unknown): number | null {
  const vectorA = readVector(a)?.vector;
  const vectorB = readVector(b)?.vector;
  return vectorA == null || vectorB == null ? null : cosineSimilarity(vectorA, vectorB);
}
