// `run --model <id> --all-providers`, its scenario: the providers table looked up (the Hub's mapping, the
// router's prices), one target per provider serving the model for the task, on the scenario file's inputs
// or on --prompt's, each target's price prefilled from the router's list. What was left out, and the prices
// with their source and read time, are told before anything is sent; the prices travel with the run (its
// bundle and --summary). The preflight that drops the refusing providers is run-all-providers-preflight.ts.
import type { AllProvidersRequest } from "./all-providers-flags";
import type { RunCommand } from "./args";
import type { CommandLineIo } from "./command-io";
import { indented, InputProblem } from "./input-problem";
import { catalogLookupOptions } from "./providers-command";
import { loadScenario } from "./run-scenario";
import { checkScenario } from "./scenario-check";
import { terminalSafe } from "./terminal-safe";
import { formatTextTable } from "./text-table";
import { buildProvidersScenario, CatalogLookupError, featureSupportWarnings, fetchProvidersTable, listedDollars, type ExcludedProvider, type ProvidersTable } from "../core/catalog";
import type { RunPrice } from "../core/io/bundle";
import { formatScenarioErrors, type Scenario } from "../core/scenario";

/** The task of --prompt's inputs. */
const PROMPT_TASK = "chat-completion";

export interface ProvidersScenario {
  scenario: Scenario;
  /** One per target, in the scenario's order. */
  prices: RunPrice[];
}

/** The scenario comparing every provider of the model, or an InputProblem saying why there is none. */
export async function providersScenario(command: RunCommand, request: AllProvidersRequest, io: CommandLineIo): Promise<ProvidersScenario> {
  if (command.resumePath !== undefined) throw new InputProblem("--resume does not go with --all-providers: the providers are looked up again, and may have changed");
  if (request.prompts !== undefined && command.datasetPath !== undefined) throw new InputProblem("--dataset fills a scenario file's template: give the file, or --prompt without --dataset");
  // The file first: a scenario that is not valid costs no look-up.
  const file = request.prompts === undefined ? await loadScenario(command) : null;
  const { table, routerError } = await lookUpProviders(request.modelId, io);
  if (routerError !== null) io.stderr.write(`warning: ${terminalSafe(routerError.message)}: the targets have no price\n`);
  const task = file?.task ?? PROMPT_TASK;
  const built = buildProvidersScenario({
    modelId: request.modelId,
    task,
    rows: table.rows,
    ...(file === null ? { inputs: request.prompts } : { scenario: file, name: `${file.name}: ${request.modelId} on every provider` }),
    providers: request.providers,
    includeStaging: request.includeStaging,
  });
  if (!built.ok) throw new InputProblem(`cannot compare the providers of ${request.modelId}:\n${indented(formatScenarioErrors(built.errors))}${excludedText(built.excluded)}`);
  // The file's run settings were checked with the command line's overrides; --prompt's get them here.
  const scenario = file === null ? withOverrides(built.scenario, command) : built.scenario;
  io.stderr.write(terminalSafe(describeProvidersScenario(table, scenario, built.excluded, built.prices)));
  io.stderr.write(terminalSafe(featureWarningsText(table, scenario)));
  return { scenario, prices: built.prices };
}

async function lookUpProviders(modelId: string, io: CommandLineIo): Promise<Awaited<ReturnType<typeof fetchProvidersTable>>> {
  try {
    return await fetchProvidersTable(modelId, catalogLookupOptions(io.env));
  } catch (error) {
    if (error instanceof CatalogLookupError) throw new InputProblem(error.message);
    throw error;
  }
}

/** --concurrency, --repetitions and the load flags over a built scenario, checked as a file's are. */
function withOverrides(scenario: Scenario, command: RunCommand): Scenario {
  const check = checkScenario(JSON.stringify(scenario), { concurrency: command.concurrency, repetitions: command.repetitions, load: command.load });
  if (check.kind === "ok") return check.scenario;
  throw new InputProblem(`the command-line overrides are not valid:\n${indented(formatScenarioErrors(check.errors))}`);
}

function excludedText(excluded: readonly ExcludedProvider[]): string {
  return excluded.length === 0 ? "" : `\nleft out:\n${indented(excluded.map((entry) => `${entry.provider}: ${entry.reason}`).join("\n"))}`;
}

/** The compared providers the router lists without the tools or structured output the scenario uses: warned, kept (feature-support.ts says why). */
function featureWarningsText(table: ProvidersTable, scenario: Scenario): string {
  const compared = new Set<string | undefined>(scenario.targets.map((target) => target.provider));
  const warnings = featureSupportWarnings(table.rows.filter((row) => compared.has(row.provider)), scenario.parameters, table.modelId);
  return warnings.map((warning) => `warning: ${warning.message}\n`).join("");
}

/** Which providers are compared, which are left out and why, and each one's price with where it came from. */
export function describeProvidersScenario(table: ProvidersTable, scenario: Scenario, excluded: readonly ExcludedProvider[], prices: readonly RunPrice[]): string {
  const lines = [
    `${table.modelId}: ${scenario.targets.length} of ${table.rows.length} providers to compare for ${scenario.task} (the Hub's mapping, read ${table.mappingSource.readAt})${excludedText(excluded)}`,
  ];
  const cached = prices.some((entry) => entry.price?.cachedInputPerMillionTokens !== undefined);
  const why = prices.some((entry) => entry.reason !== undefined);
  const amount = (value: number | undefined): string => (value === undefined ? "—" : listedDollars(value));
  const cells = prices.map((entry) => [
    entry.provider,
    ...(entry.price === null
      ? ["no price", "no price", ...(cached ? ["no price"] : [])]
      : [amount(entry.price.inputPerMillionTokens), amount(entry.price.outputPerMillionTokens), ...(cached ? [amount(entry.price.cachedInputPerMillionTokens)] : [])]),
    ...(why ? [entry.reason ?? ""] : []),
  ]);
  const headers = ["provider", "in $/1M", "out $/1M", ...(cached ? ["cached $/1M"] : []), ...(why ? ["why no price"] : [])];
  const readAt = [...new Set(prices.flatMap((entry) => (entry.source === null ? [] : [entry.source.readAt])))];
  const source = readAt.length === 0 ? "no listed price was read" : `the router's list, read ${readAt.join(", ")}`;
  lines.push("", `Prices used (US dollars per million tokens; ${source}), kept in --bundle and --summary:`, formatTextTable(headers, cells, cached ? [1, 2, 3] : [1, 2]), "");
  return `${lines.join("\n")}\n`;
}
