// The headless runner: a scenario file in; a live progress line, a summary table and JSONL/CSV/JSON out.
import { readFile, writeFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { parseCommandLine, USAGE, type RunCommand } from "./args";
import { createProgressReporter } from "./progress-line";
import { openRecordFiles } from "./record-files";
import { formatSummaryTable } from "./summary-table";
import { terminalSafe } from "./terminal-safe";
import { runScenario } from "../core/runner";
import { formatScenarioErrors, parseScenarioText, SANDBOX_URL_SCHEME, validateScenario, type Scenario } from "../core/scenario";
import { SummaryAccumulator } from "../core/stats";
import { targetsNeedingToken } from "../core/targets";

/** Exit codes: 0 run completed (request errors are results, not failures), 2 bad input, 130 interrupted. */
const EXIT_BAD_INPUT = 2;
const EXIT_INTERRUPTED = 130;

class InputProblem extends Error {}

async function main(argv: string[]): Promise<number> {
  const parsed = parseCommandLine(argv, process.env);
  if (parsed.kind === "help") {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (parsed.kind === "error") {
    process.stderr.write(`error: ${parsed.message}\n\n${USAGE}\n`);
    return EXIT_BAD_INPUT;
  }
  try {
    return await runCommand(parsed.command);
  } catch (error) {
    if (error instanceof InputProblem) {
      process.stderr.write(`${terminalSafe(error.message)}\n`);
      return EXIT_BAD_INPUT;
    }
    throw error;
  }
}

async function runCommand(command: RunCommand): Promise<number> {
  const scenario = await loadScenario(command);
  const accessToken = process.env.HF_TOKEN?.trim() || undefined;
  const needToken = targetsNeedingToken(scenario);
  if (needToken.length > 0 && !accessToken) {
    throw new InputProblem(
      `targets ${needToken.map((target) => target.id).join(", ")} call Hugging Face providers and need a token: set HF_TOKEN (a token with "Make calls to Inference Providers" permission)`,
    );
  }
  if (usesSandbox(scenario)) await checkSandbox(command.sandboxUrl);

  const files = await openRecordFiles(command).catch((error: Error) => {
    throw new InputProblem(error.message);
  });
  const statistics = new SummaryAccumulator();
  const progress = createProgressReporter(process.stderr, command.quiet);
  const controller = new AbortController();
  const onInterrupt = (): void => {
    if (controller.signal.aborted) process.exit(EXIT_INTERRUPTED);
    process.stderr.write("\ninterrupted: stopping, writing what was measured (Ctrl-C again to quit at once)\n");
    controller.abort();
  };
  process.on("SIGINT", onInterrupt);
  process.on("SIGTERM", onInterrupt);

  const runId = randomUUID();
  process.stderr.write(`${terminalSafe(scenario.name)}: ${scenario.targets.length} targets, run ${runId}\n`);
  try {
    const result = await runScenario({
      runId,
      scenario,
      accessToken,
      sandboxUrl: command.sandboxUrl,
      signal: controller.signal,
      onRecord: (record) => {
        files.write(record);
        statistics.add(record);
      },
      onProgress: (state) => progress.update(state),
    });
    progress.finish(result.progress);
    const rows = statistics.summarize(scenario.targets.map((target) => target.id));
    process.stdout.write(`\n${terminalSafe(formatSummaryTable(rows))}\n`);
    if (command.summaryPath) {
      const summary = { runId, scenario: scenario.name, status: result.status, startedAt: result.startedAt, finishedAt: result.finishedAt, rows };
      await writeFile(command.summaryPath, `${JSON.stringify(summary, null, 2)}\n`);
    }
    process.stderr.write(`${result.status}: ${result.progress.attempts} attempts recorded in ${((result.finishedAt - result.startedAt) / 1000).toFixed(1)} s\n`);
    return result.status === "aborted" ? EXIT_INTERRUPTED : 0;
  } finally {
    await files.close();
    process.off("SIGINT", onInterrupt);
    process.off("SIGTERM", onInterrupt);
  }
}

async function loadScenario(command: RunCommand): Promise<Scenario> {
  let text: string;
  try {
    text = await readFile(command.scenarioPath, "utf8");
  } catch (error) {
    throw new InputProblem(`cannot read ${command.scenarioPath}: ${(error as Error).message}`);
  }
  const parsed = parseScenarioText(text);
  if (!parsed.ok) throw new InputProblem(`${command.scenarioPath} is not a valid scenario:\n${indent(formatScenarioErrors(parsed.errors))}`);
  const overridden = {
    ...parsed.scenario,
    run: {
      ...parsed.scenario.run,
      ...(command.concurrency === undefined ? {} : { concurrency: command.concurrency }),
      ...(command.repetitions === undefined ? {} : { repetitions: command.repetitions }),
    },
  };
  // Overrides go through the same validation as the file (e.g. concurrency bounds).
  const validated = validateScenario(overridden);
  if (!validated.ok) throw new InputProblem(`the command-line overrides are not valid:\n${indent(formatScenarioErrors(validated.errors))}`);
  return validated.scenario;
}

function usesSandbox(scenario: Scenario): boolean {
  return scenario.targets.some((target) => target.endpointUrl?.startsWith(SANDBOX_URL_SCHEME));
}

async function checkSandbox(sandboxUrl: string): Promise<void> {
  try {
    const response = await fetch(`${sandboxUrl.replace(/\/+$/, "")}/health`, { signal: AbortSignal.timeout(3000) });
    if (response.ok) return;
  } catch {
    // Reported below with what to do about it.
  }
  throw new InputProblem(
    `the sandbox providers are not answering at ${sandboxUrl}: start them with "npm run sandbox" in another terminal, or pass --sandbox-url`,
  );
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`unexpected failure: ${terminalSafe(error instanceof Error ? (error.stack ?? error.message) : String(error))}\n`);
    process.exitCode = 1;
  },
);
