// "Compare them all": a scenario with one target per provider serving the model for the task, built from the
// providers table, each target's price prefilled from the router's list where the task is priced per token,
// and the prices' source and date returned beside it, to be kept with the run. The scenario is checked by
// the same validation as any file, so what is built is what would be accepted from a person.
import { inapplicablePriceParts, SCENARIO_VERSION, validateScenario, type PricePart, type Scenario, type ScenarioError, type TargetPrice } from "../scenario";
import { findTaskDefinition, providerTaskSupport } from "../tasks";
import type { ValueSource } from "./lookup-request";
import { servesTask, type ProviderRow } from "./providers-table";

export interface ProvidersScenarioOptions {
  modelId: string;
  /** A task of ours (`chat-completion`, `feature-extraction`, …). */
  task: string;
  rows: readonly ProviderRow[];
  /** The inputs, as a scenario's `inputs` list holds them (prompts for chat). Give this or `scenario`. */
  inputs?: readonly unknown[] | undefined;
  /** An existing scenario (as read from its file): its inputs, parameters, run settings, checks and SLOs are kept, its targets replaced. */
  scenario?: Readonly<Record<string, unknown>> | undefined;
  /** Passed to every provider as-is (max_tokens, temperature, …); over the scenario's own. */
  parameters?: Readonly<Record<string, unknown>> | undefined;
  /** Staging providers are for testing (the library warns on each call): left out unless asked for. */
  includeStaging?: boolean | undefined;
  /** Only these providers (by name), when given. */
  providers?: readonly string[] | undefined;
  name?: string | undefined;
}

/** One target's price as built, to be stored with the run: what was used, why not when none, and where it came from. */
export interface TargetPriceRecord {
  targetId: string;
  provider: string;
  /** The price put in the scenario (the listed cached-input price in it, when there is one); null: "no price" (the reason says why). */
  price: TargetPrice | null;
  reason?: string;
  /** The look-up the listed price came from; null when the router's list was not read. */
  source: ValueSource | null;
}

export interface ExcludedProvider {
  provider: string;
  reason: string;
}

export type ProvidersScenarioResult =
  | { ok: true; scenario: Scenario; prices: TargetPriceRecord[]; excluded: ExcludedProvider[] }
  | { ok: false; errors: ScenarioError[]; excluded: ExcludedProvider[] };

/** The scenario comparing every provider `rows` offers for the task, or errors naming what is wrong. */
export function buildProvidersScenario(options: ProvidersScenarioOptions): ProvidersScenarioResult {
  const base = scenarioBase(options);
  if ("errors" in base) return { ok: false, errors: base.errors, excluded: [] };
  const unknown = (options.providers ?? []).filter((name) => !options.rows.some((row) => row.provider === name));
  if (unknown.length > 0) {
    const serving = options.rows.map((row) => row.provider).join(", ") || "none";
    return { ok: false, errors: [{ path: "targets", message: `${unknown.join(", ")} ${unknown.length === 1 ? "does" : "do"} not serve ${options.modelId} (serving it: ${serving})` }], excluded: [] };
  }
  const excluded: ExcludedProvider[] = [];
  const chosen = options.rows.filter((row) => {
    const reason = exclusionReason(row, options);
    if (reason !== null) excluded.push({ provider: row.provider, reason });
    return reason === null;
  });
  if (chosen.length === 0) {
    const why = excluded.map((entry) => `${entry.provider}: ${entry.reason}`).join("; ");
    return { ok: false, errors: [{ path: "targets", message: `no provider left to compare for ${options.modelId} (${options.task})${why === "" ? "" : `: ${why}`}` }], excluded };
  }
  const prices = chosen.map((row) => priceRecord(row, options.task));
  const targets = chosen.map((row, index) => ({
    id: row.provider,
    label: row.status === "staging" ? `${row.provider} (staging)` : row.provider,
    provider: row.provider,
    model: options.modelId,
    ...(prices[index]!.price === null ? {} : { price: prices[index]!.price }),
  }));
  const validated = validateScenario({ ...base.fields, targets });
  if (!validated.ok) return { ok: false, errors: validated.errors, excluded };
  return { ok: true, scenario: validated.scenario, prices, excluded };
}

/** The scenario's fields but its targets: the given scenario's, or a new one around the given inputs. */
function scenarioBase(options: ProvidersScenarioOptions): { fields: Record<string, unknown> } | { errors: ScenarioError[] } {
  if (findTaskDefinition(options.task) === undefined) return { errors: [{ path: "task", message: `ProviderBench does not run the task ${options.task}` }] };
  if ((options.inputs === undefined) === (options.scenario === undefined)) return { errors: [{ path: "inputs", message: "give the inputs or a scenario to take them from (one of the two)" }] };
  const { targets: _replaced, ...kept } = options.scenario ?? {};
  if (kept.task !== undefined && kept.task !== options.task) return { errors: [{ path: "task", message: `the scenario's task is ${JSON.stringify(kept.task)}, not ${options.task}` }] };
  const parameters = { ...((kept.parameters as Record<string, unknown> | undefined) ?? {}), ...options.parameters };
  return {
    fields: {
      ...kept,
      version: SCENARIO_VERSION,
      name: options.name ?? `${options.modelId} on every provider`,
      description: `One target per provider the Hub maps ${options.modelId} to, prices from the router's list.`,
      task: options.task,
      ...(options.inputs === undefined ? {} : { inputs: [...options.inputs] }),
      ...(Object.keys(parameters).length === 0 ? {} : { parameters }),
    },
  };
}

function exclusionReason(row: ProviderRow, options: ProvidersScenarioOptions): string | null {
  if (options.providers !== undefined && !options.providers.includes(row.provider)) return "not among the providers asked for";
  if (!servesTask(row, options.task)) return `serves the model for ${row.task}, not ${options.task}`;
  if (row.status === "staging" && options.includeStaging !== true) return "staging (for testing only): include staging providers to compare it";
  const support = providerTaskSupport(row.provider, options.task);
  return support.ok ? null : support.reason;
}

/** The token prices of a chat or text task: a scenario price needs every part its records are priced by. */
const TOKEN_PARTS = ["inputPerMillionTokens", "outputPerMillionTokens"] as const satisfies readonly PricePart[];

/**
 * The scenario price for the row's listed price. The router lists prices per token; a task whose records
 * carry other quantities (audio seconds, images) gets none from it. A price missing one of the parts the
 * task is priced by is not used at all: the missing part would count as free.
 */
export function priceRecord(row: ProviderRow, task: string): TargetPriceRecord {
  const base = { targetId: row.provider, provider: row.provider, source: row.sources.price };
  const inapplicable = new Set(inapplicablePriceParts(task, { inputPerMillionTokens: 0, outputPerMillionTokens: 0, cachedInputPerMillionTokens: 0 }).map((entry) => entry.part));
  const parts = TOKEN_PARTS.filter((part) => !inapplicable.has(part));
  if (parts.length === 0) return { ...base, price: null, reason: `${task} is not priced per token, and the router lists token prices only` };
  if (row.sources.price === null) return { ...base, price: null, reason: "the router's list could not be read" };
  if (row.price === null) return { ...base, price: null, reason: "the router lists no price for this provider" };
  const missing = parts.filter((part) => row.price![part] === null);
  if (missing.length > 0) return { ...base, price: null, reason: `the router lists no ${missing.map(partName).join(" or ")} price` };
  // The cached-input price where the task's records can carry cached tokens and the router lists one.
  const cached = row.price.cachedInputPerMillionTokens;
  const withCached = cached === undefined || inapplicable.has("cachedInputPerMillionTokens") ? {} : { cachedInputPerMillionTokens: cached };
  return { ...base, price: { ...Object.fromEntries(parts.map((part) => [part, row.price![part]!])), ...withCached } as TargetPrice };
}

function partName(part: (typeof TOKEN_PARTS)[number]): string {
  return part === "inputPerMillionTokens" ? "input" : "output";
}
