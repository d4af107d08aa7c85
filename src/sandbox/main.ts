// `npm run sandbox -- --port 8787 [--host 127.0.0.1] [--seed 42] [--time-scale 1] [--drift slow=+25%@8 --run-number 8]`

import { parseArgs } from "node:util";
// The leaf, not the run room's index: run by tsx unbundled, the server would load the runner and the inference client for one address.
import { DEFAULT_SANDBOX_URL } from "../core/run/sandbox-health";
import { SANDBOX_OPTIONS } from "./command-options";
import { driftOptionsFrom, type Drift } from "./drift";
import { portFrom } from "./port-option";
import { CACHE_PROFILE_NAMES, DEFAULT_SEED, FAULT_PROFILE_NAMES, PERFORMANCE_PROFILE_NAMES, PROFILES, startSandbox, type Sandbox } from "./server";

// The port the dashboard and the CLI look for when no sandbox URL is given.
const DEFAULT_PORT = Number(new URL(DEFAULT_SANDBOX_URL).port);
const USAGE = `usage: npm run sandbox -- [--port ${DEFAULT_PORT}] [--host 127.0.0.1] [--seed 42] [--time-scale 1]
                      [--drift <profile>=<±percent>%@<run>[,…] --run-number <n>]
  --drift slow=+25%@8    the slow profile's delays × 1.25 when this sandbox serves run 8 or later
  --run-number <n>       which run this sandbox serves (default 1): start one per run (nightly: the night's number)`;

interface CliOptions {
  port: number;
  host: string;
  seed: number;
  timeScale: number;
  drift: Drift[];
  runNumber: number;
}

class UsageError extends Error {}

function parseInteger(flag: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (text.trim() === "" || !Number.isInteger(value) || value < min || value > max) {
    throw new UsageError(`--${flag} must be an integer from ${min} to ${max}, got "${text}"`);
  }
  return value;
}

function parseCli(argv: string[]): CliOptions | "help" {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: SANDBOX_OPTIONS,
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return "help";
  const timeScaleText = values["time-scale"];
  const timeScale = timeScaleText === undefined ? 1 : Number(timeScaleText);
  if (timeScaleText !== undefined && (timeScaleText.trim() === "" || !Number.isFinite(timeScale) || timeScale < 0)) {
    throw new UsageError(`--time-scale must be a number ≥ 0, got "${timeScaleText}"`);
  }
  const drift = driftOptionsFrom(values);
  if ("error" in drift) throw new UsageError(drift.error);
  const port = values.port === undefined ? DEFAULT_PORT : portFrom("--port", values.port);
  if (typeof port === "object") throw new UsageError(port.error);
  return {
    drift: drift.drift,
    runNumber: drift.runNumber,
    port,
    host: values.host ?? "127.0.0.1",
    seed: parseInteger("seed", values.seed, DEFAULT_SEED, -(2 ** 31), 2 ** 32 - 1),
    timeScale,
  };
}

function banner(sandbox: Sandbox, options: CliOptions): string {
  const width = Math.max(...PERFORMANCE_PROFILE_NAMES.map((name) => name.length));
  const lines = [`ProviderBench sandbox on ${sandbox.url}`];
  for (const name of PERFORMANCE_PROFILE_NAMES) {
    lines.push(`  ${name.padEnd(width)}  ${sandbox.url}/${name}/v1  ${PROFILES[name].description}`);
  }
  lines.push(`Fault profiles (same routes): ${FAULT_PROFILE_NAMES.join(", ")}; GET ${sandbox.url}/ describes them all.`);
  for (const name of CACHE_PROFILE_NAMES) lines.push(`Prefix caching: ${sandbox.url}/${name}/v1  ${PROFILES[name].description}`);
  for (const drift of options.drift) {
    const state = options.runNumber >= drift.fromRun ? "drifted in this run" : "not yet drifted";
    lines.push(`drift: ${drift.profile} × ${drift.factor} from run ${drift.fromRun} (this is run ${options.runNumber}: ${state})`);
  }
  lines.push(`seed ${options.seed}, time scale ${options.timeScale}. Ctrl+C to stop.`);
  return lines.join("\n");
}

async function main(): Promise<number> {
  let options: CliOptions | "help";
  try {
    options = parseCli(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`sandbox: ${error.message}\n${USAGE}`);
    return 2;
  }
  if (options === "help") {
    console.log(USAGE);
    return 0;
  }

  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox(options);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE") {
      console.error(`sandbox: port ${options.port} is already in use on ${options.host}; pick another with --port.`);
    } else if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") {
      console.error(`sandbox: cannot listen on host ${options.host} (${code}).`);
    } else {
      console.error(`sandbox: could not start: ${error instanceof Error ? error.message : String(error)}`);
    }
    return 2;
  }
  console.log(banner(sandbox, options));

  return new Promise<number>((resolve) => {
    const stop = () => {
      void sandbox.close().then(() => resolve(0));
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}

main().then(
  (exitCode) => process.exit(exitCode),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
