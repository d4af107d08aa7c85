// text-ranking: documents scored for their relevance to a query (a reranker, a cross-encoder). The library
// has no method for it, so every API is a request of its own (apis/): by default the inference toolkit's
// sentence-ranking pipeline (`{ inputs: { query, texts } }`, answered `{ scores: [{ index, score }] }`),
// TEI's `/rerank` (api: tei) or the Cohere/Jina-style `/rerank` of OpenAI-compatible servers (api: openai).
// Every answer is kept as one score per document in the input's order, so rankings compare across targets
// (NDCG agreement, core/agreement). An input may carry graded relevance labels, one per document: each
// answer's ranking is then scored against them (NDCG@10, docs/metrics.md "Ranking quality").
import { z } from "zod";
import { OPENAI_RERANK_SHAPE, openAiRerank } from "./apis/openai-rerank";
import { postToEndpoint } from "./apis/endpoint-request";
import { isJsonObject, malformedAnswer } from "./apis/answer-fields";
import { scoresByIndex } from "./apis/rerank-answers";
import { TEI_RERANK_SHAPE, teiRerank } from "./apis/tei-rerank";
import { describeValue, valueResult } from "./task-io";
import type { TargetCallResult, TaskCallContext, TaskDefinition } from "./task-definition";

export interface TextRankingInput {
  query: string;
  documents: string[];
  /** Graded relevance per document, in the documents' order (0: not relevant; higher: more), as a qrels file grades them. */
  relevance?: number[];
}

/** The toolkit's sentence-ranking answer (sentence_transformers_utils.py: `rank`, corpus_id renamed index). */
export const HF_SENTENCE_RANKING_SHAPE = "hf-toolkit.sentence-ranking";
const ROUTE_UNDER_V1 = "/text-ranking";

export const textRankingTask: TaskDefinition<TextRankingInput> = {
  id: "text-ranking",
  libraryTask: "text-ranking",
  input: z
    .strictObject({
      query: z.string({ error: "required" }).min(1, "required"),
      documents: z.array(z.string(), { error: "required: a list of documents" }).min(1, "needs at least one document"),
      relevance: z.array(z.number({ error: "a number" }).finite().min(0, "0 or more"), { error: "a list of numbers, one per document" }).optional(),
    })
    .superRefine((input, context) => {
      if (input.relevance !== undefined && input.relevance.length !== input.documents.length)
        context.addIssue({ code: "custom", path: ["relevance"], message: `needs one label per document: ${input.documents.length} documents, ${input.relevance.length} labels` });
    }),
  acceptsText: false,
  streams: false,
  textOutput: false,
  figures: [],
  endpointRoute: ROUTE_UNDER_V1,
  describeInput: (input) => describeValue((input as TextRankingInput).query),
  toValue: (input) => input as TextRankingInput,
  call: sentenceRankingCall,
  apiCalls: {
    // The default already is the toolkit's request: a target may say so.
    "hf-toolkit": sentenceRankingCall,
    tei: async ({ query, documents }, context) => rankingResult(await teiRerank(query, documents, context), TEI_RERANK_SHAPE),
    openai: async ({ query, documents }, context) => rankingResult(await openAiRerank(query, documents, context), OPENAI_RERANK_SHAPE),
  },
};

async function sentenceRankingCall({ query, documents }: TextRankingInput, context: TaskCallContext): Promise<TargetCallResult> {
  return rankingResult(await sentenceRanking(query, documents, context), HF_SENTENCE_RANKING_SHAPE);
}

/** The default: the toolkit's request at the endpoint URL as given (a `/v1` base gets `/text-ranking`, as every task's default). */
async function sentenceRanking(query: string, documents: string[], context: TaskCallContext): Promise<(number | null)[]> {
  const route = context.endpointUrl?.endsWith("/v1") === true ? ROUTE_UNDER_V1 : "";
  const parameters = Object.keys(context.parameters).length > 0 ? { parameters: context.parameters } : {};
  const answer = await postToEndpoint(context, route, JSON.stringify({ inputs: { query, texts: documents }, ...parameters }));
  if (!isJsonObject(answer)) throw malformedAnswer(HF_SENTENCE_RANKING_SHAPE, "the answer", "must be an object");
  return scoresByIndex(answer.scores, documents.length, HF_SENTENCE_RANKING_SHAPE, "scores", "score");
}

function rankingResult(scores: (number | null)[], answerShape: string): TargetCallResult {
  return { ...valueResult(scores, rankingSummary(scores)), answerShape };
}

/** "best #3 0.93 of 5": the top document (1-based, as people count) and its score. */
function rankingSummary(scores: readonly (number | null)[]): string {
  let best = -1;
  scores.forEach((score, index) => {
    if (score !== null && (best < 0 || score > scores[best]!)) best = index;
  });
  return best < 0 ? "no score" : `best #${best + 1} ${scores[best]!.toFixed(2)} of ${scores.length}`;
}
