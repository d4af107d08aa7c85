// `run`, before anything is sent: every input a person could get wrong is checked, so a bad one costs no
// run. The problems are thrown (InputProblem and the output, resume and lock problems: command-problems.ts
// tells them) in this order: the scenario, the token and keys, --workers, the output paths, the sandbox,
// the input files (a trace read and checked), --outputs-dir, the records file's lock, --resume's records, --baseline.
import { dirname } from "node:path";
import type { RunCommand } from "./args";
import type { CommandLineIo } from "./command-io";
import { endpointKeysFromGrants, type EndpointKeysResult } from "./endpoint-keys";
import { prepareRunGate } from "./gate-command";
import { checkInputFiles, createInputFileReader, type InputFileReader } from "./input-files";
import { indented, InputProblem } from "./input-problem";
import { createOutputBlobWriter, type OutputBlobWriter } from "./output-blobs";
import { checkOutputs } from "./output-files";
import { lockRecordsFile, type RecordsLock } from "./records-lock";
import { readResumedRun, type ResumedRun } from "./resume-records";
import { providersScenario } from "./run-all-providers";
import { loadScenario } from "./run-scenario";
import { terminalSafe } from "./terminal-safe";
import { traceFileProblem, withTraceFile } from "./trace-flags";
import { workersRefusal } from "./workers/workers-refusal";
import { isSandboxUp, targetsNeedingToken, usesSandbox } from "../core/run";
import type { RunPrice } from "../core/io/bundle";
import type { Scenario } from "../core/scenario";

/** What the run is sent with, once every check passed. */
export interface PreparedRun {
  scenario: Scenario;
  accessToken: string | undefined;
  endpointKeys: Extract<EndpointKeysResult, { ok: true }>;
  /** File inputs ({ "file": … }), read relative to the scenario file. */
  readInputFile: InputFileReader;
  /** --outputs-dir's writer, or null. */
  outputBlobs: OutputBlobWriter | null;
  /** One writer per records file (records-lock.ts): held until the run ends. */
  recordsLock: RecordsLock | null;
  /** --resume: the records file read back before it is opened for appending (resume-records.ts). */
  resumed: ResumedRun | null;
  /** --baseline: judges the run once it is written. */
  gate: Awaited<ReturnType<typeof prepareRunGate>> | null;
  /** --all-providers: the prices the targets were given, with their source (stored in the bundle and --summary). */
  prices?: RunPrice[] | undefined;
}

export async function prepareRun(command: RunCommand, io: CommandLineIo): Promise<PreparedRun> {
  const { scenario, prices } = command.allProviders === undefined ? { scenario: await loadScenario(command), prices: undefined } : await providersScenario(command, command.allProviders, io);
  const accessToken = io.env.HF_TOKEN?.trim() || undefined;
  const needToken = targetsNeedingToken(scenario);
  if (needToken.length > 0 && !accessToken) {
    throw new InputProblem(
      `targets ${needToken.map((target) => target.id).join(", ")} call Hugging Face providers and need a token: set HF_TOKEN (a token with "Make calls to Inference Providers" permission)`,
    );
  }
  const endpointKeys = endpointKeysFromGrants(scenario, command.keyGrants, io.env, command.sandboxUrl);
  if (!endpointKeys.ok) throw new InputProblem(endpointKeys.message);
  const workersProblem = command.workers > 1 ? (command.resumePath !== undefined ? "--workers does not go with --resume" : workersRefusal(scenario, command.workers)) : null;
  if (workersProblem !== null) throw new InputProblem(workersProblem);
  if (command.serverMetricsPath !== undefined && scenario.run.serverMetrics === undefined) {
    throw new InputProblem(`--server-metrics writes the scrapes of run.serverMetrics: ${command.scenarioPath} has none (add "serverMetrics": {} to its run)`);
  }
  // Output paths are judged before anything else is asked of the network (checked again when opened).
  const checkedOutputs = await checkOutputs(command);
  if (usesSandbox(scenario)) await checkSandbox(command.sandboxUrl);
  // File inputs are read, all of them, before anything is sent.
  const readInputFile = withTraceFile(createInputFileReader(dirname(command.scenarioPath)), command.trace?.path);
  const inputFileErrors = await checkInputFiles(scenario.inputs, readInputFile);
  if (inputFileErrors.length > 0) throw new InputProblem(`${command.scenarioPath}: input files:\n${indented(inputFileErrors.join("\n"))}`);
  const traceProblem = await traceFileProblem(scenario, readInputFile);
  if (traceProblem !== null) throw new InputProblem(`${command.trace?.path === undefined ? command.scenarioPath : "--trace"}: ${traceProblem}`);
  const outputBlobs = command.outputsDir === undefined ? null : await outputBlobWriter(command.outputsDir);
  // Taken before a resume reads the records file.
  const recordsFile = checkedOutputs.find((output) => output.flag === "--jsonl" && !output.inPlace);
  const recordsLock = recordsFile === undefined ? null : await lockRecordsFile(recordsFile.path, command.resumePath !== undefined ? "--resume" : "--jsonl");
  const resumed = command.resumePath === undefined ? null : await readResumedRun(command.resumePath, scenario);
  for (const note of resumed?.notes ?? []) io.stderr.write(`note: ${terminalSafe(note)}\n`);
  // The baseline read (and the gate's report paths checked) before anything is sent.
  const gate = command.gate === undefined ? null : await prepareRunGate(command.gate, scenario);
  return { scenario, accessToken, endpointKeys, readInputFile, outputBlobs, recordsLock, resumed, gate, prices };
}

async function checkSandbox(sandboxUrl: string): Promise<void> {
  if (await isSandboxUp(sandboxUrl, fetch)) return;
  throw new InputProblem(
    `the sandbox providers are not answering at ${sandboxUrl}: start them with "npm run sandbox" in another terminal, or pass --sandbox-url`,
  );
}

function outputBlobWriter(outputsDir: string): Promise<OutputBlobWriter> {
  return createOutputBlobWriter(outputsDir).catch((error: unknown) => {
    throw new InputProblem(`cannot use --outputs-dir ${outputsDir}: ${(error as Error).message}`);
  });
}
