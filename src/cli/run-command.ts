// `providerbench run`: a scenario file in; a live progress line, a summary table and JSONL/CSV/JSON out.
import { readFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { dirname } from "node:path";
import type { RunCommand } from "./args";
import { checkScenarioInWorker, ValidationStopped } from "./check-in-worker";
import type { CommandLineIo } from "./command-line";
import { EXIT_COMPLETED, EXIT_INTERRUPTED, EXIT_WRITE_FAILED } from "./exit-codes";
import { prepareRunGate } from "./gate-command";
import { InputProblem } from "./input-problem";
import { checkOutputs, openOutputs } from "./output-files";
import { createProgressReporter } from "./progress-line";
import { createRecordFiles, type OutputFailure } from "./record-files";
import { readResumedRun } from "./resume-records";
import { lockRecordsFile } from "./records-lock";
import { formatSummaryTable } from "./summary-table";
import { terminalSafe } from "./terminal-safe";
import { createRunTransport } from "./transport/run-transport";
import { runScenario, type RunOptions, isSandboxUp, usesSandbox, targetsNeedingToken } from "../core/run";
import { runInWorkers } from "./workers/run-in-workers";
import { workersRefusal } from "./workers/workers-refusal";
import { formatLoadReport } from "./load-report";
import { measuredFigures, summaryFileRows } from "../core/metrics";
import { agreementToJson } from "../core/agreement";
import { formatScenarioErrors, type Scenario, type ScenarioError, targetDisplayName } from "../core/scenario";
import { StageSummaries, type Stage } from "../core/load";
import { summaryOptionsOf, SummaryAccumulator, valueSettingsOf } from "../core/stats";
import { describeKeyRoutes, endpointKeysFromGrants } from "./endpoint-keys";
import { DatasetProblem, scenarioTextWithDataset } from "./dataset-file";
import { version as appVersion } from "../../package.json";
import { version as inferenceLibraryVersion } from "@huggingface/inference/package.json";
import { commandLineOrigin, createBundleBlobs, createBundleFile } from "./bundle-file";
import { checkInputFiles, createInputFileReader } from "./input-files";
import { createOutputBlobWriter, type OutputBlobWriter } from "./output-blobs";

/**
 * Runs the scenario and returns the exit code. The problems a person can fix are thrown (InputProblem and
 * the output, resume and lock problems: command-problems.ts tells them); what the run measured is written
 * to its files even when it is interrupted.
 */
export async function runCommand(command: RunCommand, io: CommandLineIo): Promise<number> {
  const scenario = await loadScenario(command);
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
  // Output paths are judged before anything else is asked of the network (checked again when opened).
  const checkedOutputs = await checkOutputs(command);
  if (usesSandbox(scenario)) await checkSandbox(command.sandboxUrl);
  // File inputs ({ "file": … }) read relative to the scenario file, all of them before anything is sent.
  const readInputFile = createInputFileReader(dirname(command.scenarioPath));
  const inputFileErrors = await checkInputFiles(scenario.inputs, readInputFile);
  if (inputFileErrors.length > 0) throw new InputProblem(`${command.scenarioPath}: input files:\n${indent(inputFileErrors.join("\n"))}`);
  const outputBlobs: OutputBlobWriter | null =
    command.outputsDir === undefined
      ? null
      : await createOutputBlobWriter(command.outputsDir).catch((error: unknown) => {
          throw new InputProblem(`cannot use --outputs-dir ${command.outputsDir}: ${(error as Error).message}`);
        });
  // One writer per records file (records-lock.ts): taken before a resume reads it, held until the run ends.
  const recordsFile = checkedOutputs.find((output) => output.flag === "--jsonl" && !output.inPlace);
  const recordsLock = recordsFile === undefined ? null : await lockRecordsFile(recordsFile.path, command.resumePath !== undefined ? "--resume" : "--jsonl");
  // --resume: the records file read back before it is opened for appending (resume-records.ts).
  const resumed = command.resumePath === undefined ? null : await readResumedRun(command.resumePath, scenario);
  for (const note of resumed?.notes ?? []) io.stderr.write(`note: ${terminalSafe(note)}\n`);
  // --baseline: the baseline read (and the gate's report paths checked) before anything is sent.
  const gate = command.gate === undefined ? null : await prepareRunGate(command.gate, scenario);

  const outputs = await openOutputs(command);
  const controller = new AbortController();
  let writeFailure: OutputFailure | null = null;
  const files = createRecordFiles(outputs, {
    signal: controller.signal,
    onFailure: (failure) => {
      // A file that cannot be written makes the rest of the run worthless: stop sending.
      writeFailure = failure;
      io.stderr.write(`\nerror: ${terminalSafe(`cannot write ${failure.flag} ${failure.path}: ${failure.message}`)}; stopping\n`);
      controller.abort();
    },
  });
  const statistics = new SummaryAccumulator(valueSettingsOf(scenario), summaryOptionsOf(scenario));
  const progress = createProgressReporter(io.stderr, command.quiet);
  const onInterrupt = (): void => {
    if (controller.signal.aborted) process.exit(EXIT_INTERRUPTED);
    io.stderr.write("\ninterrupted: stopping, writing what was measured (Ctrl-C again to quit at once)\n");
    controller.abort();
  };
  // SIGHUP: the terminal went away; the files are still wanted.
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
  for (const signal of signals) process.on(signal, onInterrupt);

  const transport = createRunTransport(command, scenario);
  const runId = resumed?.plan.runId ?? randomUUID();
  let latestPlanned = 0;
  const runStartedAt = Date.now();
  // The bundle carries the run's binary outputs, small ones inline, as the browser's export does.
  const bundleBlobs = outputs.bundle === undefined ? null : createBundleBlobs();
  const bundle =
    outputs.bundle === undefined
      ? undefined
      : createBundleFile(
          outputs.bundle,
          () => ({
            id: runId,
            scenarioName: scenario.name,
            scenario,
            startedAt: runStartedAt,
            planned: latestPlanned,
            appVersion,
            libraryVersions: { "@huggingface/inference": inferenceLibraryVersion },
            origin: commandLineOrigin(command.originLabel, appVersion),
            replayOfRunId: null,
          }),
          (failure) => {
            writeFailure ??= failure;
            io.stderr.write(`\nerror: ${terminalSafe(`cannot write ${failure.flag} ${failure.path}: ${failure.message}`)}; stopping\n`);
            controller.abort();
          },
        );
  const stages: Stage[] = [];
  const loadRecords = new StageSummaries();
  io.stderr.write(`${terminalSafe(scenario.name)}: ${scenario.targets.length} targets, run ${runId}\n`);
  // Before the first request, even with --quiet: which variable leaves the machine, and for where.
  io.stderr.write(terminalSafe(describeKeyRoutes(endpointKeys.routes)));
  try {
    // The summary covers the whole run: what the file holds, then what the resume adds.
    await resumed?.replay((record) => {
      statistics.add(record);
      loadRecords.add(record);
      // The bundle holds the whole run: what the resumed file held, then what the resume adds (the
      // replay does not wait for a slow file: gzip buffers what it has not written yet).
      void bundle?.write(record);
    });
    const runOptions: RunOptions = {
      runId,
      scenario,
      ...(resumed ? { resume: resumed.plan } : {}),
      accessToken,
      endpointKeys: endpointKeys.keys,
      sandboxUrl: command.sandboxUrl,
      readInputFile,
      ...(outputBlobs === null && bundleBlobs === null
        ? {}
        : {
            outputBlobSink: async (ref, blob) => {
              await outputBlobs?.write(new Uint8Array(await blob.arrayBuffer()), ref.mime);
              await bundleBlobs?.add(ref, blob);
            },
          }),
      fetch: transport.fetch,
      signal: controller.signal,
      onRecord: (record) => {
        statistics.add(record);
        loadRecords.add(record);
        const bundleWrite = bundle?.write(record);
        const fileWrite = files.write(record);
        return bundleWrite === undefined ? fileWrite : Promise.all([bundleWrite, fileWrite]).then(() => undefined);
      },
      onProgress: (state) => {
        latestPlanned = state.planned;
        progress.update(state);
      },
      onStage: (stage) => {
        stages.push(stage);
        if (!command.quiet && scenario.run.load !== undefined) io.stderr.write(`\nstage ${stage.index}: ${stage.label} (${stage.targetIds.length} targets)\n`);
      },
    };
    // --workers: the same run sent from worker threads, its records merged back in order (workers/).
    const result =
      command.workers > 1
        ? await runInWorkers({ ...runOptions, workers: command.workers, endpointKeys: endpointKeys.keys, sandboxUrl: command.sandboxUrl, signal: controller.signal, transport: { transport: command.transport, http2: command.http2 } })
        : await runScenario(runOptions);
    progress.finish(result.progress);
    await files.close();
    await bundle?.finish({ status: result.status === "aborted" ? "aborted" : "completed", finishedAt: result.finishedAt, errorMessage: null, blobs: bundleBlobs?.list() ?? [] });
    const rows = statistics.summarize(scenario.targets.map((target) => target.id));
    const targetLabel = (targetId: string): string => targetDisplayName(scenario, targetId);
    io.stdout.write(`\n${terminalSafe(formatSummaryTable(rows, targetLabel, command.table, measuredFigures(scenario)))}\n`);
    const skippedOutputs = outputBlobs?.counts().skipped ?? 0;
    if (skippedOutputs > 0) io.stderr.write(`note: ${skippedOutputs} binary outputs not written: --outputs-dir reached its 1 GiB bound\n`);
    const loadReport = scenario.run.load === undefined ? null : formatLoadReport(scenario, stages, loadRecords, { runId, scenarioName: scenario.name, targetLabel });
    if (loadReport !== null) io.stdout.write(`\n${terminalSafe(loadReport.text)}\n`);
    if (outputs.summary) {
      const targets = summaryFileRows(rows, { runId, scenarioName: scenario.name, targetLabel });
      const summary = {
        runId,
        scenario: scenario.name,
        status: result.status,
        startedAt: result.startedAt,
        finishedAt: result.finishedAt,
        targets,
        // Requests in flight over the whole run, every target together (each target's own is in its row).
        inFlight: overallInFlight(statistics),
        // Agreement across targets: each pair's figure per measure of the task (each target's own is in its row).
        agreement: agreementToJson(statistics.agreementResults(scenario.targets.map((target) => target.id))),
        ...(loadReport === null ? {} : { load: loadReport.json }),
      };
      await outputs.summary.commit(`${JSON.stringify(summary, null, 2)}\n`).catch((error: Error) => {
        writeFailure ??= { flag: "--summary", path: command.summaryPath ?? "", message: error.message };
        io.stderr.write(`error: ${terminalSafe(error.message)}\n`);
      });
    }
    const status = writeFailure === null ? result.status : "stopped by a write error";
    io.stderr.write(`${status}: ${result.progress.attempts} attempts recorded in ${((result.finishedAt - result.startedAt) / 1000).toFixed(1)} s\n`);
    if (writeFailure !== null) return EXIT_WRITE_FAILED;
    if (result.status === "aborted") return EXIT_INTERRUPTED;
    if (gate === null) return EXIT_COMPLETED;
    // The gate reads the run back from the file it wrote, as `analyze --baseline` would (one gate path).
    const verdict = await gate.judge((command.bundlePath ?? command.jsonlPath) as string);
    io.stdout.write(`\n${terminalSafe(verdict.output)}`);
    return verdict.exitCode;
  } finally {
    await files.close();
    await outputs.summary?.discard();
    await recordsLock?.release();
    await transport.close();
    for (const signal of signals) process.off(signal, onInterrupt);
  }
}

async function loadScenario(command: RunCommand): Promise<Scenario> {
  let text: string;
  try {
    text = await readFile(command.scenarioPath, "utf8");
  } catch (error) {
    throw new InputProblem(`cannot read ${command.scenarioPath}: ${(error as Error).message}`);
  }
  let nameRows = (errors: ScenarioError[]): ScenarioError[] => errors;
  if (command.datasetPath !== undefined) {
    const withDataset = await scenarioTextWithDataset(text, command.datasetPath).catch((error: unknown) => {
      throw error instanceof DatasetProblem ? new InputProblem(error.message) : error;
    });
    text = withDataset.text;
    nameRows = withDataset.nameRows;
  }
  // Validation renders the template: in a worker, so a hostile one is stopped rather than hanging the CLI.
  const check = await checkScenarioInWorker(text, { concurrency: command.concurrency, repetitions: command.repetitions, load: command.load }).catch((error: unknown) => {
    if (error instanceof ValidationStopped) throw new InputProblem(`${command.scenarioPath} is not a valid scenario:\n${indent(error.message)}`);
    throw error;
  });
  if (check.kind === "invalid-file") throw new InputProblem(`${command.scenarioPath} is not a valid scenario:\n${indent(formatScenarioErrors(nameRows(check.errors)))}`);
  if (check.kind === "invalid-overrides") throw new InputProblem(`the command-line overrides are not valid:\n${indent(formatScenarioErrors(check.errors))}`);
  return check.scenario;
}

async function checkSandbox(sandboxUrl: string): Promise<void> {
  if (await isSandboxUp(sandboxUrl, fetch)) return;
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

/** The run's time-weighted in-flight level: its mean, spread and percentiles, to two decimals. */
function overallInFlight(statistics: SummaryAccumulator): Record<string, number | null> {
  const distribution = statistics.inFlightOverall();
  const round = (value: number | null): number | null => (value === null ? null : Math.round(value * 100) / 100);
  return { mean: round(distribution.mean), stdDev: round(distribution.stdDev), p50: round(distribution.p50), p90: round(distribution.p90), p99: round(distribution.p99), max: round(distribution.max) };
}

