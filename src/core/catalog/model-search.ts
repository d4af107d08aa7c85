// Finding a model to compare providers on: the Hub's model search, narrowed to models at least one inference
// provider serves (`inference_provider=all`, hub-docs docs/inference-providers/hub-api.md, "List models"),
// by pipeline type and a search text, with the fields huggingface.js's listModels asks for (`expand`).
import { z } from "zod";
import { getCatalogJson, type LookupOptions, type ValueSource } from "./lookup-request";
import { HUB_URL } from "./provider-mapping";

/** A page of results: what a picker shows; the Hub allows far more, which no one reads. */
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 100;
const SEARCH_MAX_BYTES = 4 * 1024 * 1024;

export interface ModelSearchQuery {
  /** Words of the model's id ("llama 8b"); empty lists the most relevant models of the task. */
  text: string;
  /** A Hub pipeline type (`text-generation`, `feature-extraction`, …): hubPipelineTag turns a task of ours into one. */
  pipelineTag?: string | undefined;
  limit?: number | undefined;
}

export interface FoundModel {
  id: string;
  pipelineTag: string | null;
  downloads: number | null;
  likes: number | null;
  /** The providers that serve it, as the Hub maps them; null when the answer did not say. */
  providers: string[] | null;
}

export interface ModelSearch {
  models: FoundModel[];
  source: ValueSource;
}

const mappingSchema = z.union([z.array(z.object({ provider: z.string() })), z.record(z.string(), z.unknown())], {
  error: "must be an object keyed by provider, or an array of entries that name their provider",
});

const foundSchema = z.array(
  z.object({
    id: z.string().min(1, "must be a non-empty string"),
    pipeline_tag: z.string().nullish(),
    downloads: z.number().nonnegative().nullish(),
    likes: z.number().nullish(),
    inferenceProviderMapping: mappingSchema.nullish(),
  }),
);

/**
 * The Hub's pipeline type for a task of ours. Chat is a task of its own here (its own route), which the Hub
 * files under text-generation (see tasks/catalogue.ts); every other task is its pipeline type.
 */
export function hubPipelineTag(task: string): string {
  return task === "chat-completion" ? "text-generation" : task;
}

export function modelSearchUrl(query: ModelSearchQuery): string {
  const limit = Math.min(Math.max(Math.trunc(query.limit ?? SEARCH_LIMIT_DEFAULT), 1), SEARCH_LIMIT_MAX);
  const params = new URLSearchParams({ inference_provider: "all" });
  if (query.pipelineTag !== undefined && query.pipelineTag !== "") params.set("pipeline_tag", query.pipelineTag);
  if (query.text.trim() !== "") params.set("search", query.text.trim());
  params.set("limit", String(limit));
  for (const field of ["pipeline_tag", "downloads", "likes", "inferenceProviderMapping"]) params.append("expand", field);
  return `${HUB_URL}/api/models?${params.toString()}`;
}

/** Models some provider serves, matching `query`, read from the Hub now, in the Hub's order. */
export async function searchModels(query: ModelSearchQuery, options: LookupOptions): Promise<ModelSearch> {
  const url = modelSearchUrl(query);
  const { value, source } = await getCatalogJson("hub-model-search", url, foundSchema, SEARCH_MAX_BYTES, options);
  const models = value.map((model) => ({
    id: model.id,
    pipelineTag: model.pipeline_tag ?? null,
    downloads: model.downloads ?? null,
    likes: model.likes ?? null,
    providers: providersOf(model.inferenceProviderMapping),
  }));
  return { models, source };
}

function providersOf(mapping: z.output<typeof mappingSchema> | null | undefined): string[] | null {
  if (mapping === null || mapping === undefined) return null;
  return Array.isArray(mapping) ? mapping.map((entry) => entry.provider) : Object.keys(mapping);
}
