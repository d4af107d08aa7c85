// `npm run simulate-nightly -- --nights 14 --drift slow=+25%@8 --out nightly/`: a fortnight of nightly runs
// in a minute or two, without a token. Night n starts a sandbox serving run n (so a drift starts on its
// night, src/sandbox/drift.ts), runs the scenario through the command line as a cron job would — `run
// --bundle night-NN.pbrun.json.gz`, gated from the second night on with `--baseline` the previous night's
// bundle — and stops the sandbox. It prints which night failed the gate and for which target and metric,
// and writes <out>/nights.json with the same. Then: `npm run cli -- trend <out>/*.pbrun.json.gz`.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { parseAllowances } from "../src/core/gate";
import { NIGHTLY_SUMMARY_FILE_NAME, type NightlyRegression, type NightlySummary, type NightResult } from "../src/core/io/imports";
import { parseDrifts, type Drift } from "../src/sandbox/drift";
import { startSandbox } from "../src/sandbox/server";

const REPOSITORY_ROOT = resolve(import.meta.dirname, "..");
const DEFAULT_SCENARIO = "scenarios/sandbox-chat-streaming.json";
const DEFAULT_ALLOWANCES = "latencyMs.p50=10%,latencyMs.p90=10%,ttftMs.p50=10%,failureRate=1pt";
const EXIT_REGRESSION = 3;

const USAGE = `usage: npm run simulate-nightly -- [--nights 14] [--drift slow=+25%@8] [--out nightly/]
         [--scenario ${DEFAULT_SCENARIO}] [--max-regression ${DEFAULT_ALLOWANCES}]
         [--repetitions 5] [--time-scale 0.25] [--seed 1000]
  --nights <n>           how many nightly runs (default 14)
  --drift <p>=<±N%>@<n>  slow a sandbox profile from night n on (default none: every night alike)
  --out <dir>            where night-01.pbrun.json.gz … and each night's gate table go (default nightly/)
  --scenario <file>      a scenario on the sandbox (default the bundled streaming chat, three targets)
  --max-regression <…>   the gate's allowances (default ${DEFAULT_ALLOWANCES})
  --repetitions <n>      the scenario's repetitions per night (default 5: 20 requests per target)
  --time-scale <x>       the sandbox's delays × x (default 0.25, so a night takes seconds)
  --seed <n>             night n's sandbox is seeded <seed> + n (default 1000)`;


interface Options {
  nights: number;
  drifts: Drift[];
  driftText: string | undefined;
  out: string;
  scenario: string;
  maxRegression: string;
  repetitions: number;
  timeScale: number;
  seed: number;
}

class UsageError extends Error {}

function wholeNumber(flag: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min) throw new UsageError(`--${flag} must be a whole number of at least ${min}, got "${text}"`);
  return value;
}

function parseOptions(argv: string[]): Options | "help" {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        nights: { type: "string" },
        drift: { type: "string" },
        out: { type: "string" },
        scenario: { type: "string" },
        "max-regression": { type: "string" },
        repetitions: { type: "string" },
        "time-scale": { type: "string" },
        seed: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return "help";
  const drift = values.drift === undefined ? { drifts: [] } : parseDrifts(values.drift);
  if ("error" in drift) throw new UsageError(drift.error);
  const maxRegression = values["max-regression"] ?? DEFAULT_ALLOWANCES;
  const allowances = parseAllowances(maxRegression);
  if ("error" in allowances) throw new UsageError(allowances.error);
  const timeScale = values["time-scale"] === undefined ? 0.25 : Number(values["time-scale"]);
  if (!(Number.isFinite(timeScale) && timeScale > 0)) throw new UsageError(`--time-scale must be a number above 0, got "${values["time-scale"]}"`);
  return {
    nights: wholeNumber("nights", values.nights, 14, 2),
    drifts: drift.drifts,
    driftText: values.drift,
    out: values.out ?? "nightly",
    scenario: values.scenario ?? DEFAULT_SCENARIO,
    maxRegression,
    repetitions: wholeNumber("repetitions", values.repetitions, 5, 1),
    timeScale,
    seed: wholeNumber("seed", values.seed, 1000, 0),
  };
}

/**
 * The command line in its own process, as cron would start it: from its source through tsx, or, when
 * PROVIDERBENCH_CLI_BUNDLE names one, its built bundle (the tests build one: plain Node starts it in a
 * fraction of the time, and a night's run is mostly that start).
 */
function runCli(args: readonly string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const bundle = process.env.PROVIDERBENCH_CLI_BUNDLE;
  const command = bundle ? [bundle] : ["--import", "tsx", join(REPOSITORY_ROOT, "src/cli/main.ts")];
  return new Promise((done) => {
    const child = spawn(process.execPath, [...command, ...args], { env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (data: Buffer) => (stdout += data.toString()));
    child.stderr.on("data", (data: Buffer) => (stderr += data.toString()));
    child.on("close", (code) => done({ code, stdout, stderr }));
  });
}

/** The regressed rows of the gate's Markdown table (gate report: target | metric | baseline | new | change | allowed | p | verdict). */
function regressionsOf(markdown: string): NightlyRegression[] {
  return markdown
    .split("\n")
    .filter((row) => row.startsWith("| ") && row.endsWith(" | regressed |"))
    .map((row) => row.slice(2, -2).split(/(?<!\\) \| /).map((cell) => cell.replace(/\\(.)/g, "$1")))
    .map(([target = "", metric = "", , , change = "", allowed = ""]) => ({ target, metric, change, allowed }));
}

const nightName = (night: number): string => `night-${String(night).padStart(2, "0")}`;

async function simulateNight(options: Options, night: number): Promise<NightResult> {
  const bundle = join(options.out, `${nightName(night)}.pbrun.json.gz`);
  const markdown = join(options.out, `${nightName(night)}.gate.md`);
  const sandbox = await startSandbox({ port: 0, seed: options.seed + night, timeScale: options.timeScale, drift: options.drifts, runNumber: night });
  try {
    const gateArgs = night === 1 ? [] : ["--baseline", join(options.out, `${nightName(night - 1)}.pbrun.json.gz`), "--max-regression", options.maxRegression, "--markdown", markdown];
    const result = await runCli(["run", options.scenario, "--bundle", bundle, "--origin", `simulated night ${night}`, "--repetitions", String(options.repetitions), "--quiet", "--force", ...gateArgs], {
      PROVIDERBENCH_SANDBOX_URL: sandbox.url,
    });
    const gate = result.code === EXIT_REGRESSION ? "failed" : result.code !== 0 ? "error" : night === 1 ? "baseline" : "passed";
    if (gate === "error") process.stderr.write(`night ${night}: the run exited ${result.code}:\n${result.stderr}\n`);
    const regressions = gate === "failed" && existsSync(markdown) ? regressionsOf(await readFile(markdown, "utf8")) : [];
    return { night, bundle, exitCode: result.code, gate, regressions };
  } finally {
    await sandbox.close();
  }
}

function describeNight(result: NightResult): string {
  const head = `night ${String(result.night).padStart(2)}  ${result.bundle}`;
  if (result.gate === "baseline") return `${head}  first night: the baseline`;
  if (result.gate === "passed") return `${head}  gate passed`;
  if (result.gate === "error") return `${head}  the run failed (exit ${result.exitCode})`;
  const findings = result.regressions.map((regression) => `${regression.target} ${regression.metric} ${regression.change} (allowed ${regression.allowed})`);
  return `${head}  gate FAILED: ${findings.join("; ")}`;
}

async function main(): Promise<number> {
  let options: Options | "help";
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`simulate-nightly: ${error.message}\n${USAGE}\n`);
    return 2;
  }
  if (options === "help") {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  await mkdir(options.out, { recursive: true });
  process.stdout.write(`${options.nights} nights of ${options.scenario}${options.driftText === undefined ? ", no drift" : `, drift ${options.driftText}`}, gate ${options.maxRegression}\n`);
  const results: NightResult[] = [];
  for (let night = 1; night <= options.nights; night++) {
    const result = await simulateNight(options, night);
    results.push(result);
    process.stdout.write(`${describeNight(result)}\n`);
  }
  const summary: NightlySummary = { drift: options.driftText ?? null, maxRegression: options.maxRegression, nights: results };
  await writeFile(join(options.out, NIGHTLY_SUMMARY_FILE_NAME), `${JSON.stringify(summary, null, 2)}\n`);
  const failed = results.filter((result) => result.gate === "failed");
  const targets = (result: NightResult): string => [...new Set(result.regressions.map((regression) => regression.target))].join(", ");
  process.stdout.write(
    failed.length === 0 ? "\nNo night failed the gate.\n" : `\nThe gate failed on ${failed.map((result) => `night ${result.night} (${targets(result)})`).join(", ")}.\n`,
  );
  process.stdout.write(`Trends and change points: npm run cli -- trend ${join(options.out, "*.pbrun.json.gz")}\n`);
  return results.some((result) => result.gate === "error") ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`simulate-nightly: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
