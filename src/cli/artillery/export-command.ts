// `providerbench export artillery <scenario.json> -o <dir>`: the scenario as an Artillery test that runs
// unchanged with `artillery run` (every core of one machine) and `artillery run-fargate` / `run-lambda`
// (many machines, several regions). The folder holds the script, a small processor that names the
// scenario, and ProviderBench's runner bundled beside it (bundle-processor.ts). No key or token is
// written: the workers read them from their environment, as `run` does, and only the variables granted
// with --key when the test was exported (their names are written, never their values).
import { randomUUID } from "node:crypto";
import { lstat, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expandInputs, isSessionInputs, isSyntheticInputs, isTraceInputs, inputFileParts, formatScenarioErrors, type Scenario, parseScenarioText } from "../../core/scenario";
import { DEFAULT_SANDBOX_URL } from "../../core/run";
import { describeKeyRoutes, grantedVariables, parseKeyGrant, type KeyGrant } from "../endpoint-keys";
import { FileExistsProblem, placeFile } from "../atomic-file";
import { EXIT_BAD_INPUT, EXIT_COMPLETED } from "../exit-codes";
import { terminalSafe } from "../terminal-safe";
import { parseOptions, usageErrorText } from "../command-options";
import { PROCESSOR_BUNDLE, writeProcessorBundle } from "./bundle-processor";

export const EXPORT_USAGE = `Usage: npm run cli -- export artillery <scenario.json> -o <dir> [--force] [--key <target|origin>=<ENV>]…
  Writes an Artillery test into <dir>: ${"providerbench-test.yml"} (the script: edit its phases for the load you
  want), processor.mjs and ${PROCESSOR_BUNDLE} (ProviderBench's runner). Each pass sends one input to
  every target (a closed loop: concurrency / targets users, each sending its share of the passes in turn)
  and reports providerbench.<target>.latency_ms, ttft_ms, output_tokens, requests, errors.
  Run it with the artillery/ folder's Artillery: artillery run --output report.json <dir>/providerbench-test.yml
  --key <target|origin>=<ENV> grants an endpoint key as run's --key does: the variable's name is written
  into the test, never its value. Workers read HF_TOKEN, the granted variables, PROVIDERBENCH_SANDBOX_URL
  and, to write their records, PROVIDERBENCH_RECORDS_DIR from their environment.`;

/** The script's file name in the exported folder. */
export const ARTILLERY_SCRIPT = "providerbench-test.yml";
export const ARTILLERY_PROCESSOR = "processor.mjs";

export class ExportProblem extends Error {}

/**
 * Artillery's load for the scenario's plan: the phase, and how many passes each virtual user sends one
 * after another (a pass: one input to every target at once). An open loop keeps its rate, one pass per user
 * (per target, so one user a tick; per run, shared by the targets). A closed loop keeps its concurrency:
 * `concurrency / targets` users arrive at once and each sends its share of the passes in turn. Artillery's
 * own cap (maxVusers) would not do: it skips an arrival while the cap is reached, so passes slower than
 * their arrivals' spacing were dropped, not queued.
 */
export function artilleryLoad(scenario: Scenario, inputCount: number): { phase: Record<string, number | string>; passesPerUser: number } {
  const passes = scenario.run.repetitions * inputCount;
  const targets = scenario.targets.length;
  const load = scenario.run.load;
  if (load?.mode === "open" && load.rate !== undefined) {
    const usersPerSecond = load.per === "run" ? load.rate / targets : load.rate;
    const durationS = load.durationMs !== undefined ? Math.ceil(load.durationMs / 1000) : Math.max(1, Math.ceil(passes / usersPerSecond));
    return { phase: { name: "providerbench", duration: durationS, arrivalRate: Math.max(1, Math.round(usersPerSecond)) }, passesPerUser: 1 };
  }
  const users = Math.min(passes, Math.max(1, Math.floor(scenario.run.concurrency / targets)));
  // Every pass sent at least once; when users do not divide the passes, up to users − 1 more are sent.
  return { phase: { name: "providerbench", duration: 1, arrivalCount: users }, passesPerUser: Math.ceil(passes / users) };
}

/** The script as YAML: JSON's quoting for every string (valid YAML), so no value is misread. */
export function artilleryScript(scenario: Scenario, inputCount: number): string {
  const { phase, passesPerUser } = artilleryLoad(scenario, inputCount);
  const q = (value: string | number): string => JSON.stringify(value);
  const pass = `function: ${q("providerbenchPass")}`;
  return [
    `# Artillery test exported by ProviderBench from the scenario ${q(scenario.name)}.`,
    "# Each pass sends one input to every target through ProviderBench's own runner (processor.mjs); a closed",
    "# loop's users each send their share of the passes in turn, so the users are the requests in flight:",
    "# the figures are ProviderBench's, reported as providerbench.<target>.<figure> metrics.",
    "# Edit the phases for the load you want; see the README for run-fargate and run-lambda.",
    "config:",
    "  # Never contacted: every request goes from the processor to the scenario's targets.",
    `  target: ${q("http://providerbench.invalid")}`,
    `  processor: ${q(`./${ARTILLERY_PROCESSOR}`)}`,
    "  # Uploaded with the script by run-fargate and run-lambda.",
    "  includeFiles:",
    `    - ${q(`./${PROCESSOR_BUNDLE}`)}`,
    "  phases:",
    `    - ${Object.entries(phase)
      .map(([key, value]) => `${key}: ${q(value)}`)
      .join("\n      ")}`,
    "scenarios:",
    `  - name: ${q("providerbench")}`,
    "    flow:",
    ...(passesPerUser === 1 ? [`      - ${pass}`] : ["      - loop:", `          - ${pass}`, `        count: ${passesPerUser}`]),
    "",
  ].join("\n");
}

/** The processor Artillery loads: the scenario, run id and key grants (`target=ENV`), handed to the bundled runner. */
export function artilleryProcessor(scenario: Scenario, runId: string, keyGrants: readonly KeyGrant[] = []): string {
  const keys = keyGrants.map((grant) => `${grant.to.kind === "target" ? grant.to.targetId : grant.to.origin}=${grant.variable}`);
  return [
    `// Written by \`providerbench export artillery\`: the scenario below, run by ProviderBench's runner (${PROCESSOR_BUNDLE}).`,
    `import { createArtilleryProcessor } from "./${PROCESSOR_BUNDLE}";`,
    "",
    `const exported = ${JSON.stringify({ runId, scenario, keys }, null, 2)};`,
    "",
    "export const { providerbenchPass } = createArtilleryProcessor(exported);",
    "",
  ].join("\n");
}

/** Any entry, a dangling symbolic link included (stat would follow it and call it absent). */
async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

/** Validates the scenario and the key grants and writes the test; returns the files written and what the grants send where. */
export async function exportArtillery(
  scenarioPath: string,
  outDir: string,
  options: { force: boolean; runId?: string; keyGrants?: readonly KeyGrant[]; sandboxUrl?: string | undefined },
): Promise<{ files: string[]; keyRoutes: string }> {
  let text: string;
  try {
    text = await readFile(scenarioPath, "utf8");
  } catch (error) {
    throw new ExportProblem(`cannot read ${scenarioPath}: ${(error as Error).message}`);
  }
  const parsed = parseScenarioText(text);
  if (!parsed.ok) throw new ExportProblem(`${scenarioPath} is not a valid scenario:\n${formatScenarioErrors(parsed.errors)}`);
  const scenario = parsed.scenario;
  if (isSyntheticInputs(scenario.inputs)) throw new ExportProblem(`${scenarioPath}: inputs.synthetic: an Artillery export does not cut synthetic prompts yet`);
  if (isSessionInputs(scenario.inputs)) throw new ExportProblem(`${scenarioPath}: inputs.sessions: an Artillery export sends no multi-turn sessions yet`);
  if (isTraceInputs(scenario.inputs)) throw new ExportProblem(`${scenarioPath}: inputs.trace: an Artillery export does not replay traces yet`);
  const expanded = expandInputs(scenario);
  if (!expanded.ok) throw new ExportProblem(`${scenarioPath}: ${formatScenarioErrors(expanded.errors)}`);
  // Files beside the scenario would have to travel with the test to every machine: not done yet.
  const withFile = expanded.inputs.findIndex((input) => inputFileParts(input.value).length > 0);
  if (withFile >= 0) {
    const part = inputFileParts(expanded.inputs[withFile]!.value)[0]!;
    throw new ExportProblem(`${scenarioPath}: inputs[${withFile}]${part.path === "" ? "" : `.${part.path}`}: reads the file ${part.file}; an Artillery export cannot carry input files yet`);
  }
  const keyGrants = options.keyGrants ?? [];
  const granted = grantedVariables(scenario, keyGrants, options.sandboxUrl ?? DEFAULT_SANDBOX_URL);
  if (!granted.ok) throw new ExportProblem(`${scenarioPath}: ${granted.message}`);
  const files = [ARTILLERY_SCRIPT, ARTILLERY_PROCESSOR, PROCESSOR_BUNDLE].map((name) => join(outDir, name));
  if (!options.force) {
    for (const file of files) if (await exists(file)) throw new ExportProblem(`${file} exists already (--force overwrites it)`);
  }
  await mkdir(outDir, { recursive: true });
  // Each file is written aside and put in place: a link named like one of them is never written through,
  // and without --force nothing already there (a dangling link included) is replaced.
  const place = (file: string, write: (temporaryPath: string) => Promise<void>): Promise<void> =>
    placeFile(file, write, { replace: options.force }).catch((error: unknown) => {
      throw error instanceof FileExistsProblem ? new ExportProblem(`${error.message} (--force overwrites it)`) : error;
    });
  await place(files[0]!, (temporary) => writeFile(temporary, artilleryScript(scenario, expanded.inputs.length)));
  await place(files[1]!, (temporary) => writeFile(temporary, artilleryProcessor(scenario, options.runId ?? randomUUID(), keyGrants)));
  await place(files[2]!, writeProcessorBundle);
  return { files, keyRoutes: describeKeyRoutes(granted.routes) };
}

export const EXPORT_OPTIONS = { out: { type: "string", short: "o" }, force: { type: "boolean" }, key: { type: "string", multiple: true }, help: { type: "boolean", short: "h" } } as const;

/** `env`: where PROVIDERBENCH_SANDBOX_URL is read (the sandbox: targets' address in the exported test). */
export async function exportCommand(argv: string[], env: Readonly<Record<string, string | undefined>>, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  const parsed = parseOptions("export", argv, EXPORT_OPTIONS);
  if ("error" in parsed) {
    err.write(terminalSafe(usageErrorText(parsed.error, "export")));
    return EXIT_BAD_INPUT;
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    out.write(`${EXPORT_USAGE}\n`);
    return EXIT_COMPLETED;
  }
  const [format, scenarioPath, ...extra] = positionals;
  if (format !== "artillery") {
    err.write(terminalSafe(usageErrorText(`${format === undefined ? "name the format" : `unknown export format "${format}"`}: the one format is artillery`, "export")));
    return EXIT_BAD_INPUT;
  }
  if (scenarioPath === undefined || extra.length > 0) {
    err.write(terminalSafe(usageErrorText("give one scenario file", "export")));
    return EXIT_BAD_INPUT;
  }
  if (values.out === undefined) {
    err.write(terminalSafe(usageErrorText("-o <dir>: required (the folder the test is written to)", "export")));
    return EXIT_BAD_INPUT;
  }
  const keyGrants: KeyGrant[] = [];
  for (const text of values.key ?? []) {
    const grant = parseKeyGrant(text);
    if ("error" in grant) {
      err.write(terminalSafe(usageErrorText(grant.error, "export")));
      return EXIT_BAD_INPUT;
    }
    keyGrants.push(grant);
  }
  try {
    const { files, keyRoutes } = await exportArtillery(scenarioPath, values.out, { force: values.force === true, keyGrants, sandboxUrl: env.PROVIDERBENCH_SANDBOX_URL });
    out.write(`${terminalSafe(files.join("\n"))}\n`);
    // What the workers will send where, said now: they run on other machines, later.
    err.write(terminalSafe(keyRoutes));
    return EXIT_COMPLETED;
  } catch (error) {
    if (!(error instanceof ExportProblem)) throw error;
    err.write(`${terminalSafe(error.message)}\n`);
    return EXIT_BAD_INPUT;
  }
}
