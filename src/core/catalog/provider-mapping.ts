// Which providers serve a model: the Hub's provider mapping (`GET /api/models/{id}?expand[]=inferenceProviderMapping`),
// each provider with its own model id, the task it serves the model for, and whether it is live or staging.
//
// @huggingface/inference reads the same mapping (fetchInferenceProviderMappingForModel, which takes a
// fetch), but does not export it from the package (its `exports` map allows the root only), and it keeps
// every answer in a process-wide cache that never expires, so a look-up made again would not read the Hub
// again while we stamp it with a new time. The request is the library's own (same URL, same rule for the
// token), made here, with the bound and the checks a look-up needs.
import { z } from "zod";
import { CatalogLookupError, getCatalogJson, shapeError, type LookupOptions, type ValueSource } from "./lookup-request";

export const HUB_URL = "https://huggingface.co";

/** A model's mapping is a few kilobytes: a megabyte is more than any honest answer. */
const MAPPING_MAX_BYTES = 1024 * 1024;

export type ProviderStatus = "live" | "staging";

/** One provider serving the model, as the Hub maps it. */
export interface ProviderMappingEntry {
  provider: string;
  /** The model's id on the provider's side (what the provider's own API calls it). */
  providerId: string;
  /** The task the provider serves the model for, in the Hub's words (`conversational` for chat). */
  task: string;
  status: ProviderStatus;
}

export interface ProviderMapping {
  /** The model id as the Hub names it (its canonical spelling), or as asked when the Hub gave none. */
  modelId: string;
  /** In the Hub's order, the order the library's "auto" picks from. */
  entries: ProviderMappingEntry[];
  source: ValueSource;
}

const entryFields = {
  providerId: z.string().min(1, "must be a non-empty string"),
  status: z.enum(["live", "staging"]),
  task: z.string().min(1, "must be a non-empty string"),
};

/**
 * The model API gives the mapping as an object keyed by provider; the list API, and some versions of the
 * model API, as an array of entries that name their provider. Both are read, as the library reads both:
 * the form is told first and then checked, so an error names the field as the answer has it.
 */
const mappingAnswerSchema = z.object({
  id: z.string().optional(),
  inferenceProviderMapping: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())], { error: "must be an object keyed by provider, or an array of entries" }),
});
const mappingObjectSchema = z.record(z.string(), z.object(entryFields));
const mappingArraySchema = z.array(z.object({ provider: z.string().min(1, "must be a non-empty string"), ...entryFields }));

/** A Hub model id: `name` or `owner/name`, letters, digits, `-`, `_`, `.`; nothing that could change the URL. */
const HUB_MODEL_ID = /^[A-Za-z0-9][\w.-]{0,95}(?:\/[A-Za-z0-9][\w.-]{0,95})?$/;

/** Why `modelId` cannot be a Hub model id, or null when it can. */
export function hubModelIdProblem(modelId: string): string | null {
  if (!HUB_MODEL_ID.test(modelId) || modelId.includes("..")) return `"${modelId}" is not a Hugging Face model id (owner/name, e.g. meta-llama/Llama-3.1-8B-Instruct)`;
  return null;
}

export function providerMappingUrl(modelId: string): string {
  return `${HUB_URL}/api/models/${modelId}?expand[]=inferenceProviderMapping`;
}

/** The providers serving `modelId`, read from the Hub now. */
export async function fetchProviderMapping(modelId: string, options: LookupOptions): Promise<ProviderMapping> {
  const problem = hubModelIdProblem(modelId);
  if (problem !== null) throw new CatalogLookupError("hub-provider-mapping", "invalid", problem);
  const url = providerMappingUrl(modelId);
  const { value, source } = await getCatalogJson("hub-provider-mapping", url, mappingAnswerSchema, MAPPING_MAX_BYTES, options);
  const mapping = value.inferenceProviderMapping;
  const checked = Array.isArray(mapping) ? mappingArraySchema.safeParse(mapping) : mappingObjectSchema.safeParse(mapping);
  if (!checked.success) throw shapeError("hub-provider-mapping", url, checked.error.issues, ["inferenceProviderMapping"]);
  const entries = Array.isArray(checked.data)
    ? checked.data.map(({ provider, providerId, task, status }) => ({ provider, providerId, task, status }))
    : Object.entries(checked.data).map(([provider, { providerId, task, status }]) => ({ provider, providerId, task, status }));
  // An array could name a provider twice: its first entry is the one the library would use.
  const unique = entries.filter((entry, index) => entries.findIndex((other) => other.provider === entry.provider) === index);
  return { modelId: value.id ?? modelId, entries: unique, source };
}
