// The providers table: every provider the Hub maps the model to (the providers the library can route to),
// with what the router lists for it beside, each value with the look-up it came from and when. A value no
// look-up gave is null: "no price" is never a price of 0, an unknown context length is never a default.
import { findTaskDefinition } from "../tasks";
import { CatalogLookupError, type LookupOptions, type ValueSource } from "./lookup-request";
import { fetchProviderMapping, type ProviderMapping, type ProviderStatus } from "./provider-mapping";
import { fetchRouterModels, routerListingsOf, type ListedPrice, type RouterListing, type RouterModels } from "./router-models";

export interface ProviderRow {
  provider: string;
  providerModelId: string;
  /** The task the Hub maps the model to on this provider, in the Hub's words (`conversational` for chat). */
  task: string;
  status: ProviderStatus;
  /** The router's state of the provider (`live`, `error`) at its last probe; null when it lists none. */
  routerStatus: string | null;
  contextLength: number | null;
  price: ListedPrice | null;
  supportsTools: boolean | null;
  supportsStructuredOutput: boolean | null;
  /** Free of charge for now (a promotion), per the router. */
  isFree: boolean | null;
  /**
   * Where each value came from and when. A router value's source is the router's list even when the list
   * says nothing of it (read, and silent); it is null when the router's list was not read (the look-up failed).
   */
  sources: RowSources;
}

export type RowSources = { [Field in MappedField]: ValueSource } & { [Field in ListedField]: ValueSource | null };
type MappedField = "provider" | "providerModelId" | "task" | "status";
type ListedField = "routerStatus" | "contextLength" | "price" | "supportsTools" | "supportsStructuredOutput" | "isFree";

export interface ProvidersTable {
  modelId: string;
  /** In the Hub's order. */
  rows: ProviderRow[];
  /** Providers the router lists for the model that the Hub does not map it to: the library cannot route to them, so they are told apart. */
  routerOnly: RouterListing[];
  mappingSource: ValueSource;
  /** Null when the router's list could not be read: the rows then carry the Hub's values only. */
  routerSource: ValueSource | null;
}

/** The mapping's rows with the router's values beside them; `router` null when its look-up failed. */
export function providersTable(mapping: ProviderMapping, router: RouterModels | null): ProvidersTable {
  const listings = router === null ? null : (routerListingsOf(router, mapping.modelId) ?? []);
  const routerSource = router?.source ?? null;
  const rows = mapping.entries.map((entry): ProviderRow => {
    const listed = listings?.find((listing) => listing.provider === entry.provider) ?? null;
    const fromMapping = mapping.source;
    return {
      provider: entry.provider,
      providerModelId: entry.providerId,
      task: entry.task,
      status: entry.status,
      routerStatus: listed?.status ?? null,
      contextLength: listed?.contextLength ?? null,
      price: listed?.price ?? null,
      supportsTools: listed?.supportsTools ?? null,
      supportsStructuredOutput: listed?.supportsStructuredOutput ?? null,
      isFree: listed?.isFree ?? null,
      sources: {
        provider: fromMapping,
        providerModelId: fromMapping,
        task: fromMapping,
        status: fromMapping,
        routerStatus: routerSource,
        contextLength: routerSource,
        price: routerSource,
        supportsTools: routerSource,
        supportsStructuredOutput: routerSource,
        isFree: routerSource,
      },
    };
  });
  const mapped = new Set(mapping.entries.map((entry) => entry.provider));
  const routerOnly = (listings ?? []).filter((listing) => !mapped.has(listing.provider));
  return { modelId: mapping.modelId, rows, routerOnly, mappingSource: mapping.source, routerSource };
}

/**
 * Both look-ups, then the table. The Hub's failure is thrown (there is no table without it); the router's is
 * returned beside a table of the Hub's values, whose router values then have no source.
 */
export async function fetchProvidersTable(modelId: string, options: LookupOptions): Promise<{ table: ProvidersTable; routerError: CatalogLookupError | null }> {
  const mapping = await fetchProviderMapping(modelId, options);
  try {
    return { table: providersTable(mapping, await fetchRouterModels(options, [mapping.modelId])), routerError: null };
  } catch (error) {
    if (!(error instanceof CatalogLookupError)) throw error;
    return { table: providersTable(mapping, null), routerError: error };
  }
}

/**
 * Whether the row's provider serves the model for `task` (a task of ours): the Hub's task must be the one
 * the library asks the mapping for (`conversational` for chat), as getInferenceProviderMapping requires.
 */
export function servesTask(row: Pick<ProviderRow, "task">, task: string): boolean {
  const definition = findTaskDefinition(task);
  return definition !== undefined && definition.libraryTask === row.task;
}
