// `providerbench providers <model id>`: every provider the Hugging Face Hub maps the model to, with what the
// router lists for each (price per million tokens, context length, tools, structured output), as a table
// or as JSON with each value's source and read time (src/core/catalog). The process's fetch, HF_TOKEN sent
// to Hugging Face hosts only; a public model needs none.
import { CatalogLookupError, fetchProvidersTable, listedPriceText, servesTask, type LookupOptions, type ProviderRow, type ProvidersTable } from "../core/catalog";
import { SUPPORTED_TASKS } from "../core/tasks";
import { didYouMean, formatCount, MISSING } from "../core/text";
import type { CommandLineIo } from "./command-io";
import { parseOptions, usageErrorText } from "./command-options";
import { EXIT_BAD_INPUT, EXIT_COMPLETED } from "./exit-codes";
import { jsonText } from "./json-text";
import { terminalSafe } from "./terminal-safe";
import { formatTextTable } from "./text-table";

export const PROVIDERS_USAGE = `Usage: npm run cli -- providers <model id> [--task <task>] [--json]
  Every provider the Hugging Face Hub maps the model to (live or staging, the provider's own model id, the
  task), with what the router lists for it: price per million input and output tokens, context length,
  tool calling and structured output. A value nobody lists shows as ${MISSING}, a price as "no price".
  --task <task>   only the providers serving the model for this task (e.g. chat-completion)
  --json          the table as JSON, each value with the look-up it came from and when it was read
  HF_TOKEN, when set, is sent to huggingface.co hosts only; a public model needs none.`;

export const PROVIDERS_OPTIONS = { task: { type: "string" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } } as const;

export async function providersCommand(argv: readonly string[], io: CommandLineIo): Promise<number> {
  const parsed = parseOptions("providers", argv, PROVIDERS_OPTIONS);
  if (!("error" in parsed) && parsed.values.help === true) {
    io.stdout.write(`${PROVIDERS_USAGE}\n`);
    return EXIT_COMPLETED;
  }
  const problem = "error" in parsed ? parsed.error : argumentProblem(parsed.positionals, parsed.values.task);
  if ("error" in parsed || problem !== null) {
    io.stderr.write(terminalSafe(usageErrorText(problem ?? "", "providers")));
    return EXIT_BAD_INPUT;
  }
  const options = catalogLookupOptions(io.env);
  let looked: Awaited<ReturnType<typeof fetchProvidersTable>>;
  try {
    looked = await fetchProvidersTable(parsed.positionals[0]!, options);
  } catch (error) {
    if (!(error instanceof CatalogLookupError)) throw error;
    io.stderr.write(`error: ${terminalSafe(error.message)}\n`);
    return EXIT_BAD_INPUT;
  }
  const { table } = looked;
  const routerError = looked.routerError?.message ?? null;
  const task = parsed.values.task ?? null;
  const rows = task === null ? table.rows : table.rows.filter((row) => servesTask(row, task));
  if (parsed.values.json === true) {
    io.stdout.write(jsonText({ modelId: table.modelId, task, rows, routerOnly: table.routerOnly, sources: { mapping: table.mappingSource, router: table.routerSource }, routerError }));
  } else {
    // Without the router's list the Hub's values still stand; the missing ones are said to be unknown.
    if (routerError !== null) io.stderr.write(`warning: ${terminalSafe(routerError)}: prices, context lengths and support flags are unknown\n`);
    io.stdout.write(terminalSafe(formatProvidersTable(table, rows, task)));
  }
  return EXIT_COMPLETED;
}

/** The look-ups' fetch, token and clock for this process (also `run --all-providers`'s). */
export function catalogLookupOptions(env: CommandLineIo["env"]): LookupOptions {
  // The process's fetch, read now: what a test's msw (or a proxy agent) put there is what is used.
  return { fetch: globalThis.fetch, accessToken: env.HF_TOKEN?.trim() || undefined, now: () => new Date().toISOString() };
}

function argumentProblem(positionals: readonly string[], task: string | undefined): string | null {
  if (positionals.length === 0) return "missing the model id: providers <model id> (e.g. meta-llama/Llama-3.1-8B-Instruct)";
  if (positionals.length > 1) return `unexpected argument "${positionals[1]}"`;
  if (task !== undefined && !(SUPPORTED_TASKS as readonly string[]).includes(task)) return `--task: unknown task "${task}"${didYouMean(task, SUPPORTED_TASKS)} (npm run cli -- tasks lists them)`;
  return null;
}

const YES_NO = (value: boolean | null): string => (value === null ? MISSING : value ? "yes" : "no");
const priceCell = listedPriceText;

/** The table, then where its values came from and what it leaves out. */
export function formatProvidersTable(table: ProvidersTable, rows: readonly ProviderRow[], task: string | null): string {
  const forTask = task === null ? "" : ` for ${task}`;
  const lines = [`${table.modelId}: ${rows.length} provider${rows.length === 1 ? "" : "s"}${forTask} (the Hub's mapping, read ${table.mappingSource.readAt})`];
  if (rows.length === 0) return `${lines.join("\n")}\n`;
  const cached = rows.some((row) => row.price?.cachedInputPerMillionTokens !== undefined);
  const headers = ["provider", "status", "router", "provider model id", "task", "context", "in $/1M", "out $/1M", ...(cached ? ["cached $/1M"] : []), "tools", "structured"];
  const cells = rows.map((row) => [
    row.provider,
    row.status,
    row.routerStatus ?? MISSING,
    row.providerModelId,
    row.task,
    row.contextLength === null ? MISSING : formatCount(row.contextLength),
    priceCell(row, "inputPerMillionTokens"),
    priceCell(row, "outputPerMillionTokens"),
    ...(cached ? [priceCell(row, "cachedInputPerMillionTokens")] : []),
    YES_NO(row.supportsTools),
    YES_NO(row.supportsStructuredOutput),
  ]);
  lines.push("", formatTextTable(headers, cells, cached ? [5, 6, 7, 8] : [5, 6, 7]), "");
  lines.push(
    table.routerSource === null
      ? "Router values unknown: its list could not be read."
      : `Prices (US dollars per million tokens), context, tools, structured output and router status: the router's list, read ${table.routerSource.readAt}.`,
  );
  const free = rows.filter((row) => row.isFree === true).map((row) => row.provider);
  if (free.length > 0) lines.push(`Free of charge for now, per the router (the listed price applies after): ${free.join(", ")}.`);
  const staging = rows.filter((row) => row.status === "staging").map((row) => row.provider);
  if (staging.length > 0) lines.push(`Staging (for testing, left out of a comparison unless asked for): ${staging.join(", ")}.`);
  if (table.routerOnly.length > 0) lines.push(`Listed by the router but not mapped by the Hub (not callable by this model id): ${table.routerOnly.map((listing) => listing.provider).join(", ")}.`);
  return `${lines.join("\n")}\n`;
}
