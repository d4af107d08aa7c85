// Reranking answers (text-ranking, docs/endpoint-apis.md): every API answers a list of `{ index, score }`
// under its own names — TEI's `/rerank` `[{ index, score, text? }]`, the Cohere/Jina-style `/rerank` of
// OpenAI-compatible servers `{ results: [{ index, relevance_score }] }`, the inference toolkit's
// sentence-ranking `{ scores: [{ index, score }] }` — sorted best first, perhaps cut to top_n. Each is read
// into one form: a score per document in the input's order (null for a document the answer left out).
import { isJsonObject, malformedAnswer } from "./answer-fields";

/** Scores in the documents' order, from `[{ index, <scoreKey> }]` at `field`; else an error naming the field. */
export function scoresByIndex(list: unknown, documentCount: number, shape: string, field: string, scoreKey: string): (number | null)[] {
  if (!Array.isArray(list) || list.length === 0) throw malformedAnswer(shape, field, "must be a non-empty list");
  const scores: (number | null)[] = Array.from({ length: documentCount }, () => null);
  list.forEach((item, position) => {
    const at = `${field === "the answer" ? "" : field}[${position}]`;
    if (!isJsonObject(item)) throw malformedAnswer(shape, at, "must be an object");
    const { index } = item;
    const score = item[scoreKey];
    if (typeof index !== "number" || !Number.isInteger(index) || index < 0 || index >= documentCount) {
      throw malformedAnswer(shape, `${at}.index`, `must be a document's index, 0 to ${documentCount - 1}`);
    }
    if (typeof score !== "number" || !Number.isFinite(score)) throw malformedAnswer(shape, `${at}.${scoreKey}`, "must be a finite number");
    scores[index] = score;
  });
  return scores;
}
