// Command-line arguments of `providerbench run` and `providerbench analyze`: parsed into a typed command, or a usage error.
import { parseAllowances, type Allowance } from "../core/gate";
import { metricsByIds } from "../core/metrics";
import { DEFAULT_SANDBOX_URL } from "../core/run";
import { EXIT_CODES_HELP } from "./exit-codes";
import { parseKeyGrant, type KeyGrant } from "./endpoint-keys";
import { COMMAND_NAMES, parseOptions } from "./command-options";
import { didYouMean } from "../core/text";
import type { TableView } from "./summary-table";
import { LOAD_FLAG_NAMES, LOAD_FLAG_OPTIONS, LOAD_FLAGS_USAGE, parseLoadFlags, type LoadOverrides } from "./load-flags";
import { ALL_PROVIDERS_OPTIONS, ALL_PROVIDERS_USAGE, parseAllProvidersFlags, type AllProvidersRequest } from "./all-providers-flags";
import { parseTraceFlags, TRACE_FLAG_NAMES, TRACE_FLAG_OPTIONS, TRACE_FLAGS_USAGE, type TraceOverrides } from "./trace-flags";

export const USAGE = `Usage: npm run cli -- run <scenario.json> [options]
       npm run cli -- run [<scenario.json>] --model <id> --all-providers [--providers a,b] [--include-staging] [--prompt <text>]…
       npm run cli -- analyze <run file> [<other run file>] [--json] [--unpaired] [--scenario <scenario.json>]
       npm run cli -- analyze <new run file> --baseline <old run file> --max-regression <metric=allowance,…>
                              [--markdown <file>] [--junit <file>] [--unpaired] [--scenario <scenario.json>]
       npm run cli -- run <scenario.json> --bundle <file> --baseline <old run file> --max-regression <…>
                              [--markdown <file>] [--junit <file>]   (run, then gate the run against the baseline)
       npm run cli -- trend <run file> <run file>… [--json] [--scenario <scenario.json>]   (series and change points)
       npm run cli -- snippets <scenario.json> [--target <id>] [--sandbox-url <url>]   (code to call each target)
       npm run cli -- tasks   (every task of @huggingface/tasks: which ones run, and why not the others)
       npm run cli -- providers <model id> [--task <task>] [--json]   (who serves a model, at what price)
       npm run cli -- export artillery <scenario.json> -o <dir> [--force]   (an Artillery test: many machines, regions)

run options:
  --jsonl <file>         write one JSON object per request attempt
  --csv <file>           write the records as CSV (RFC 4180, UTF-8)
  --summary <file>       write the per-target summary rows as JSON (written whole at the end, or not at all)
  --bundle <file>        write the run as one bundle (.pbrun.json.gz: scenario, every record, versions,
                         origin) to analyze elsewhere or import into the dashboard's History
  --server-metrics <file>
                         write the scrapes of the endpoints' Prometheus pages as JSONL (the scenario's
                         run.serverMetrics turns scraping on; a --bundle carries them too)
  --origin <label>       where this run is made (a region, a machine), recorded in the bundle
  --force                overwrite output files that already exist (refused otherwise)
  --outputs-dir <dir>    write binary outputs (images, speech) there as <sha256>.<ext>, the name a record's
                         { "blob": <sha256> } gives; identical outputs share one file (at most 1 GiB in all)
  --resume <file>        resume the run whose --jsonl records file this is (cut short by Ctrl-C or a crash):
                         sends only the requests it has no outcome for, appends their records to that file
                         and summarises the whole run. Give the scenario it was made with; no --jsonl, --csv
                         or load flags
  --dataset <file>       fill inputs.variables of the scenario's template from a CSV file (a header row
                         names the columns, one variable each) or a JSONL file (one object per line)
  --concurrency <n>      override run.concurrency
  --repetitions <n>      override run.repetitions
  --key <target|origin>=<ENV>
                         send the environment variable ENV's value as the Bearer key of that target (its
                         id), or of every endpoint target at that origin (http://host:port); repeatable.
                         A scenario's apiKeyEnv only asks for a key: nothing is sent without --key, and the
                         run prints which variable goes to which origin before its first request
  --sandbox-url <url>    where sandbox:/ endpoints live (default $PROVIDERBENCH_SANDBOX_URL or ${DEFAULT_SANDBOX_URL})
  --quiet                no progress line
  --transport <name>     how requests are sent: undici (default: connection pools, HTTP phases per record)
                         or fetch (Node's fetch; no phases). Also $PROVIDERBENCH_TRANSPORT
  --http2                offer HTTP/2 to https endpoints (undici transport; connection phases are then not reported)
  --workers <n>          send from n worker threads, each with its own event loop, connection pool and clock,
                         each its share of every limit and arrival; records merged in time order (default 1)
  --self-check           before the run, measure the client's own timing error against an exact-timing
                         server in this process (32 requests, ~1.5 s); the run's validity reports it
  --baseline <file> --max-regression <metric=allowance,…> [--markdown <file>] [--junit <file>]
                         after the run, gate it against the baseline run exactly as analyze --baseline does
                         (needs --bundle or --jsonl: the gate reads the run from the file it wrote)
  -h, --help             this text

The summary table (run and analyze):
  --wide                 every metric of the catalogue, one line each (spread, p1 … p99.9, token timing,
                         lengths, stream shape, requests in flight, …); the default table stays short
  --columns <a,b,c>      these metrics, by id (e.g. latencyP50Ms,ttftP99Ms,timeToSecondTokenP50Ms,inFlightMean);
                         an unknown id is refused with the nearest valid ones (--wide shows every id). Every metric is in --summary anyway

${LOAD_FLAGS_USAGE}

${ALL_PROVIDERS_USAGE}

${TRACE_FLAGS_USAGE}

Every output is opened before the first request; two outputs may not be the same file, nor the scenario file.

The Hugging Face token is read from HF_TOKEN; it is never written anywhere.

analyze reads a run file: a bundle (run --bundle, or exported from the dashboard), a records file (run
--jsonl), or another tool's per-request export: vllm bench serve --save-result --save-detailed JSON,
AIPerf profile_export.jsonl, GuideLLM benchmarks.json (the format is told from the content; docs/metrics.md
maps their metrics to ours). A bundle names its targets and prices from its own scenario. With one file it prints the summary and compares
every pair of targets on latency, TTFT and output tokens/s: the median of the differences a − b over
the same (input, repetition), its 95% bootstrap interval, a Wilcoxon signed-rank p-value corrected
(Holm) over every comparison tested, and a verdict. With two files it compares the runs target by
target (a = the first file, b = the second), paired by (input, repetition): the two runs must have sent
the same inputs; pass --unpaired when they did not (Mann-Whitney U on the difference of medians).
  --json                 write one JSON object instead: { "summary": [...], "pairs": [...] }
  --unpaired             two files: do not pair requests across the runs
  --scenario <file>      the scenario the runs were made with: targets are named by their labels, and its
                         prices and SLO add cost, SLO attainment and goodput to the summary (records carry
                         no prices; the checks' verdicts they do)
  --prices-now           one bundle: look its providers' prices up today (the Hub's mapping, the router's list;
                         HF_TOKEN to huggingface.co hosts only) and show the cost per 1,000 requests at the
                         run's stored prices and at today's side by side (a target without a price: no price)

${EXIT_CODES_HELP}`;

export interface RunCommand {
  scenarioPath: string;
  jsonlPath: string | undefined;
  csvPath: string | undefined;
  summaryPath: string | undefined;
  /** --bundle: the run as one .pbrun.json.gz file. */
  bundlePath: string | undefined;
  /** --origin: where the run is made, recorded in the bundle. */
  originLabel: string | undefined;
  /** Overwrite existing output files. */
  force: boolean;
  concurrency: number | undefined;
  repetitions: number | undefined;
  sandboxUrl: string;
  quiet: boolean;
  /** How requests are sent (src/cli/transport/). */
  transport: TransportName;
  /** Offer HTTP/2 over TLS. */
  http2: boolean;
  /** The load flags: overrides of run.load. */
  load: LoadOverrides;
  /** --resume: the records file of the run to resume (then also jsonlPath, appended to). */
  resumePath: string | undefined;
  /** Which metrics the printed table shows (--wide, --columns). */
  table: TableView;
  /** --dataset: a CSV or JSONL file whose rows become the template's inputs.variables. */
  datasetPath?: string | undefined;
  /** --server-metrics: the run's scrapes of its endpoints' metrics pages, one JSON object per line. */
  serverMetricsPath?: string | undefined;
  /** Worker threads that send the requests (src/cli/workers/); 1 sends from the main thread. */
  workers: number;
  /** --outputs-dir: binary outputs (images, speech) written as <sha256>.<ext>. */
  outputsDir?: string | undefined;
  /** --key: the environment variables the person running grants to endpoints (endpoint-keys.ts). */
  keyGrants: KeyGrant[];
  /** --baseline with --max-regression: once the run is written, gate it against the baseline (gate-command.ts). */
  gate?: GateOptions | undefined;
  /** --model <id> --all-providers: the scenario's targets are every provider serving the model (run-all-providers.ts); with --prompt, scenarioPath is "" (no file). */
  allProviders?: AllProvidersRequest | undefined;
  /** --self-check: the client's timing error measured before the run (self-check.ts). */
  selfCheck?: boolean;
  /** --trace, --speedup, --from, --to: a trace replayed in place of the scenario's inputs (trace-flags.ts). */
  trace?: TraceOverrides | undefined;
}

export const TRANSPORTS = ["undici", "fetch"] as const;
export type TransportName = (typeof TRANSPORTS)[number];

export interface AnalyzeCommand {
  /** One records file (targets against each other) or two (run a against run b). */
  files: [string] | [string, string];
  json: boolean;
  /** Two files only: do not pair by (input, repetition), because the runs did not send the same inputs. */
  unpaired: boolean;
  /** The scenario the records came from: targets named by their labels, its prices and SLO applied to the summary. */
  scenarioPath: string | undefined;
  /** Which metrics the printed table shows (--wide, --columns). */
  table: TableView;
  /** --baseline with --max-regression: judge files[0] against the baseline run and exit 3 on a regression. */
  gate?: GateOptions | undefined;
  /** --prices-now: the run's cost at its stored prices and at today's, looked up now (one bundle). */
  pricesNow?: boolean | undefined;
}

export interface TrendCommand {
  /** Run files in any order: they are ordered by start time. */
  files: string[];
  json: boolean;
  scenarioPath: string | undefined;
}

export interface GateOptions {
  baselinePath: string;
  allowances: Allowance[];
  markdownPath: string | undefined;
  junitPath: string | undefined;
}

export type ParsedCommand =
  | { kind: "run"; command: RunCommand }
  | { kind: "analyze"; command: AnalyzeCommand }
  | { kind: "trend"; command: TrendCommand }
  | { kind: "help" }
  | { kind: "error"; message: string };

/** The parsed options as parseArgs gives them (--key may be given many times). */
type OptionValues = Record<string, string | string[] | boolean | undefined>;

const HELP_OPTION = { help: { type: "boolean", short: "h" } } as const;
/** The summary table's view, for run and analyze. */
const TABLE_OPTIONS = { wide: { type: "boolean" }, columns: { type: "string" } } as const;
/** The regression gate, for run and analyze. */
const GATE_OPTIONS = { baseline: { type: "string" }, "max-regression": { type: "string" }, markdown: { type: "string" }, junit: { type: "string" } } as const;

/** Each command's options: what it parses, what --help and the README list (tests/unit/repo/readme-lists.test.ts). */
export const RUN_OPTIONS = {
  jsonl: { type: "string" },
  csv: { type: "string" },
  summary: { type: "string" },
  bundle: { type: "string" },
  origin: { type: "string" },
  force: { type: "boolean" },
  "outputs-dir": { type: "string" },
  resume: { type: "string" },
  dataset: { type: "string" },
  concurrency: { type: "string" },
  repetitions: { type: "string" },
  key: { type: "string", multiple: true },
  "sandbox-url": { type: "string" },
  quiet: { type: "boolean" },
  transport: { type: "string" },
  http2: { type: "boolean" },
  workers: { type: "string" },
  "server-metrics": { type: "string" },
  "self-check": { type: "boolean" },
  ...GATE_OPTIONS,
  ...TABLE_OPTIONS,
  ...LOAD_FLAG_OPTIONS,
  ...ALL_PROVIDERS_OPTIONS,
  ...TRACE_FLAG_OPTIONS,
  ...HELP_OPTION,
} as const;

export const ANALYZE_OPTIONS = { json: { type: "boolean" }, unpaired: { type: "boolean" }, scenario: { type: "string" }, ...GATE_OPTIONS, ...TABLE_OPTIONS, ...HELP_OPTION, "prices-now": { type: "boolean" } } as const;

export const TREND_OPTIONS = { json: { type: "boolean" }, scenario: { type: "string" }, ...HELP_OPTION } as const;

const OPTIONS_OF = { run: RUN_OPTIONS, analyze: ANALYZE_OPTIONS, trend: TREND_OPTIONS } as const;
type ParsedVerb = keyof typeof OPTIONS_OF;

export function parseCommandLine(argv: string[], env: Record<string, string | undefined>): ParsedCommand {
  // The command is the first word; its options are what a misspelt one is compared with.
  const named = argv[0] !== undefined && Object.hasOwn(OPTIONS_OF, argv[0]) ? (argv[0] as ParsedVerb) : null;
  const parsed = parseOptions(named, argv, { ...RUN_OPTIONS, ...ANALYZE_OPTIONS }, { known: named === null ? undefined : OPTIONS_OF[named] });
  if ("error" in parsed) return { kind: "error", message: parsed.error };
  const { values, positionals } = parsed;
  if (values.help) return { kind: "help" };
  const table = parseTableView(values.wide, values.columns);
  if ("error" in table) return { kind: "error", message: table.error };
  const [verb, scenarioPath, ...extra] = positionals;
  if (verb === "analyze") return parseAnalyze(values, positionals.slice(1), table.view);
  if (verb === "trend") return parseTrend(values, positionals.slice(1));
  if (verb !== "run") return { kind: "error", message: verb ? `unknown command "${verb}"${didYouMean(verb, COMMAND_NAMES)} (the commands are ${COMMAND_NAMES.join(", ")})` : `missing command: one of ${COMMAND_NAMES.join(", ")}` };
  const misplaced = misplacedOption(values, "run");
  if (misplaced !== null) return { kind: "error", message: misplaced };
  const allProviders = parseAllProvidersFlags(values, scenarioPath);
  if ("error" in allProviders) return { kind: "error", message: allProviders.error };
  if (!scenarioPath && allProviders.request === undefined) return { kind: "error", message: "missing the scenario file: run <scenario.json>" };
  if (extra.length > 0) return { kind: "error", message: `unexpected argument "${extra[0]}"` };
  if (values.origin !== undefined && (values.origin.trim() === "" || values.origin.length > 200)) return { kind: "error", message: "--origin needs a label of 1 to 200 characters (e.g. --origin eu-west-1)" };
  if (values.origin !== undefined && values.bundle === undefined) return { kind: "error", message: "--origin is recorded in the bundle: give --bundle <file> too" };
  const concurrency = positiveInteger(values.concurrency, "--concurrency");
  if (typeof concurrency === "string") return { kind: "error", message: concurrency };
  const repetitions = positiveInteger(values.repetitions, "--repetitions");
  if (typeof repetitions === "string") return { kind: "error", message: repetitions };
  const workers = positiveInteger(values.workers, "--workers");
  if (typeof workers === "string") return { kind: "error", message: workers };
  const load = parseLoadFlags(values);
  if ("error" in load) return { kind: "error", message: load.error };
  const resumeConflict = values.resume === undefined ? undefined : (["jsonl", "csv", ...LOAD_FLAG_NAMES, ...TRACE_FLAG_NAMES] as const).find((option) => values[option] !== undefined);
  if (resumeConflict !== undefined) return { kind: "error", message: `--${resumeConflict} does not go with --resume: the resumed run's records are appended to the --resume file` };
  const trace = parseTraceFlags(values);
  if (trace !== undefined && "error" in trace) return { kind: "error", message: trace.error };
  const gate = parseGate(values, null);
  if (typeof gate === "string") return { kind: "error", message: gate };
  if (gate !== undefined && values.bundle === undefined && values.jsonl === undefined && values.resume === undefined) {
    return { kind: "error", message: "--baseline gates the run from the file it writes: give --bundle <file> (or --jsonl <file>) too" };
  }
  const keyGrants: KeyGrant[] = [];
  for (const text of values.key ?? []) {
    const grant = parseKeyGrant(text);
    if ("error" in grant) return { kind: "error", message: grant.error };
    keyGrants.push(grant);
  }
  const transport = values.transport ?? env.PROVIDERBENCH_TRANSPORT ?? "undici";
  if (!(TRANSPORTS as readonly string[]).includes(transport)) {
    return { kind: "error", message: `--transport must be one of ${TRANSPORTS.join(", ")}, got "${transport}"` };
  }
  return {
    kind: "run",
    command: {
      scenarioPath: scenarioPath ?? "",
      datasetPath: values.dataset,
      jsonlPath: values.resume ?? values.jsonl,
      csvPath: values.csv,
      summaryPath: values.summary,
      bundlePath: values.bundle,
      originLabel: values.origin,
      force: values.force ?? false,
      concurrency,
      repetitions,
      sandboxUrl: values["sandbox-url"] ?? env.PROVIDERBENCH_SANDBOX_URL ?? DEFAULT_SANDBOX_URL,
      quiet: values.quiet ?? false,
      transport: transport as TransportName,
      http2: values.http2 ?? false,
      load,
      table: table.view,
      resumePath: values.resume,
      workers: workers ?? 1,
      outputsDir: values["outputs-dir"],
      keyGrants,
      gate,
      allProviders: allProviders.request,
      serverMetricsPath: values["server-metrics"],
      selfCheck: values["self-check"] ?? false,
      trace,
    },
  };
}

/** An option given that belongs to another command: refused, naming whose it is, rather than silently ignored. */
function misplacedOption(values: OptionValues, verb: ParsedVerb): string | null {
  const option = Object.keys(values).find((name) => values[name] !== undefined && !Object.hasOwn(OPTIONS_OF[verb], name));
  if (option === undefined) return null;
  const owners = (Object.keys(OPTIONS_OF) as ParsedVerb[]).filter((other) => Object.hasOwn(OPTIONS_OF[other], option));
  return `--${option} is an option of ${owners.join(" and ")}, not of ${verb}`;
}

/** --wide and --columns: one or the other; every id of --columns must be a catalogue metric. */
function parseTableView(wide: boolean | undefined, columns: string | undefined): { view: TableView } | { error: string } {
  if (wide === true && columns !== undefined) return { error: "--wide and --columns do not go together: --wide shows every metric" };
  if (wide === true) return { view: { kind: "wide" } };
  if (columns === undefined) return { view: { kind: "default" } };
  const ids = columns
    .split(",")
    .map((id) => id.trim())
    .filter((id) => id !== "");
  if (ids.length === 0) return { error: "--columns needs at least one metric id (e.g. --columns latencyP50Ms,ttftP50Ms)" };
  const chosen = metricsByIds(ids);
  if ("error" in chosen) return { error: `--columns: ${chosen.error}` };
  return { view: { kind: "columns", metrics: chosen.metrics } };
}

/** A whole number ≥ 1, undefined when the flag is absent, or the error text. */
function positiveInteger(value: string | undefined, flag: string): number | undefined | string {
  if (value === undefined) return undefined;
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : `${flag} must be a whole number of at least 1, got "${value}"`;
}

function parseAnalyze(values: OptionValues, files: string[], table: TableView): ParsedCommand {
  const misplaced = misplacedOption(values, "analyze");
  if (misplaced !== null) return { kind: "error", message: misplaced };
  if (files.length === 0) return { kind: "error", message: "missing the run file: analyze <run file> [<other run file>]" };
  if (files.length > 2) return { kind: "error", message: `analyze takes one or two run files, got ${files.length}` };
  const unpaired = values.unpaired === true;
  if (unpaired && files.length === 1 && values.baseline === undefined) return { kind: "error", message: "--unpaired compares two runs: give two run files" };
  const scenarioPath = typeof values.scenario === "string" ? values.scenario : undefined;
  const gate = parseGate(values, files);
  if (typeof gate === "string") return { kind: "error", message: gate };
  const pricesNow = values["prices-now"] === true;
  if (pricesNow && (files.length !== 1 || gate !== undefined || scenarioPath !== undefined)) return { kind: "error", message: "--prices-now prices one run file at its own stored prices and today's: give one bundle, without --baseline or --scenario" };
  return { kind: "analyze", command: { files: files as [string] | [string, string], json: values.json === true, unpaired, scenarioPath, table, gate, ...(pricesNow ? { pricesNow } : {}) } };
}

function parseTrend(values: OptionValues, files: string[]): ParsedCommand {
  const misplaced = misplacedOption(values, "trend");
  if (misplaced !== null) return { kind: "error", message: misplaced };
  if (files.length === 0) return { kind: "error", message: "missing the run files: trend <run file> <run file>…" };
  const scenarioPath = typeof values.scenario === "string" ? values.scenario : undefined;
  return { kind: "trend", command: { files, json: values.json === true, scenarioPath } };
}

/** The regression gate's options: --baseline and --max-regression together (analyze: with one run file; run: files null); else undefined or the error. */
function parseGate(values: OptionValues, files: string[] | null): GateOptions | undefined | string {
  const baselinePath = typeof values.baseline === "string" ? values.baseline : undefined;
  const maxRegression = typeof values["max-regression"] === "string" ? values["max-regression"] : undefined;
  const markdownPath = typeof values.markdown === "string" ? values.markdown : undefined;
  const junitPath = typeof values.junit === "string" ? values.junit : undefined;
  if (baselinePath === undefined && maxRegression === undefined) {
    return markdownPath !== undefined || junitPath !== undefined ? "--markdown and --junit report the regression gate: give --baseline and --max-regression too" : undefined;
  }
  if (baselinePath === undefined) return "--max-regression judges a run against a baseline: give --baseline <old run file>";
  if (maxRegression === undefined) return "--baseline needs --max-regression (e.g. --max-regression latencyMs.p90=10%,failureRate=1pt)";
  if (files !== null && files.length !== 1) return `with --baseline, analyze takes the new run file alone, got ${files.length} files`;
  if (values.json === true) return "--json does not go with --baseline: the gate writes --markdown and --junit";
  const parsed = parseAllowances(maxRegression);
  if ("error" in parsed) return parsed.error;
  return { baselinePath, allowances: parsed.allowances, markdownPath, junitPath };
}
