// What the router lists for each model it serves through its OpenAI-compatible route (`GET /v1/models`):
// per provider, the price per million input and output tokens, the context length, tool and structured-output
// support, and the provider's state at the router's last probe. The shape is the one Hugging Face documents
// (hub-docs, docs/inference-providers/hub-api.md, "List OpenAI-compatible models"); every field of a
// provider but its name is "when available", so an absent one stays absent (null), never a default.
import { z } from "zod";
import { getCatalogJson, shapeError, type LookupOptions, type ValueSource } from "./lookup-request";

export const ROUTER_MODELS_URL = "https://router.huggingface.co/v1/models";

/** The whole list is some hundred kilobytes (every chat model the router serves): room for a hundred times more. */
const ROUTER_MODELS_MAX_BYTES = 16 * 1024 * 1024;

/** A provider's listed price, US dollars per million tokens; null where the router lists none. */
export interface ListedPrice {
  inputPerMillionTokens: number | null;
  outputPerMillionTokens: number | null;
  /**
   * Cached input tokens. The documented `pricing` holds `input` and `output` only, and no consumer of the
   * list we found reads a cached price, so none is read yet: the field is here for when one is documented.
   */
  cachedInputPerMillionTokens?: number;
}

/** One provider of one model, as the router lists it. */
export interface RouterListing {
  provider: string;
  /** `live` or `error` (the documented values; kept as given): the router's last validation probe. */
  status: string | null;
  contextLength: number | null;
  price: ListedPrice | null;
  supportsTools: boolean | null;
  supportsStructuredOutput: boolean | null;
  /** Free of charge for now (a promotion): the listed price is what it will cost after. */
  isFree: boolean | null;
}

export interface RouterModels {
  /** By model id in lower case (Hub ids are not case-sensitive): the providers listed for it, in the router's order. */
  models: ReadonlyMap<string, RouterListing[]>;
  source: ValueSource;
}

const priceAmount = z.number().min(0, "must be 0 or more").max(1_000_000, "must be at most 1,000,000").nullish();

const providerSchema = z.object({
  provider: z.string().min(1, "must be a non-empty string"),
  status: z.string().nullish(),
  context_length: z.number().int().positive().nullish(),
  pricing: z.object({ input: priceAmount, output: priceAmount }).nullish(),
  supports_tools: z.boolean().nullish(),
  supports_structured_output: z.boolean().nullish(),
  is_free: z.boolean().nullish(),
});

const modelSchema = z.object({ id: z.string(), providers: z.array(providerSchema).nullish() });

/** The envelope alone: a model the caller did not ask about is not held to the shape (see fetchRouterModels). */
const listSchema = z.object({ data: z.array(z.looseObject({ id: z.string().min(1, "must be a non-empty string") })) });

/**
 * The router's list, read now. With `only`, just those models' entries are checked and kept: a malformed
 * entry of another model does not stop the look-up of this one. Without it, every entry is checked.
 */
export async function fetchRouterModels(options: LookupOptions, only?: readonly string[]): Promise<RouterModels> {
  const { value, source } = await getCatalogJson("router-models", ROUTER_MODELS_URL, listSchema, ROUTER_MODELS_MAX_BYTES, options);
  const wanted = only === undefined ? null : new Set(only.map((id) => id.toLowerCase()));
  const models = new Map<string, RouterListing[]>();
  value.data.forEach((entry, index) => {
    const key = entry.id.toLowerCase();
    if ((wanted !== null && !wanted.has(key)) || models.has(key)) return;
    const checked = modelSchema.safeParse(entry);
    if (!checked.success) throw shapeError("router-models", ROUTER_MODELS_URL, checked.error.issues, ["data", index]);
    models.set(key, (checked.data.providers ?? []).map(toListing));
  });
  return { models, source };
}

/** The providers the router lists for `modelId`, or null when it lists no such model (it lists chat models only). */
export function routerListingsOf(routerModels: RouterModels, modelId: string): RouterListing[] | null {
  return routerModels.models.get(modelId.toLowerCase()) ?? null;
}

function toListing(entry: z.output<typeof providerSchema>): RouterListing {
  const input = entry.pricing?.input ?? null;
  const output = entry.pricing?.output ?? null;
  return {
    provider: entry.provider,
    status: entry.status ?? null,
    contextLength: entry.context_length ?? null,
    price: input === null && output === null ? null : { inputPerMillionTokens: input, outputPerMillionTokens: output },
    supportsTools: entry.supports_tools ?? null,
    supportsStructuredOutput: entry.supports_structured_output ?? null,
    isFree: entry.is_free ?? null,
  };
}
