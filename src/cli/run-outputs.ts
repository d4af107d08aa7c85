// `run`'s record outputs, open for the run: the JSONL and CSV files, and the bundle with the binary
// outputs it carries. A file that cannot be written makes the rest of the run worthless: the run stops.
import { version as appVersion } from "../../package.json";
import { version as inferenceLibraryVersion } from "@huggingface/inference/package.json";
import type { RunCommand } from "./args";
import { commandLineOrigin, createBundleBlobs, createBundleFile, type BundleFile } from "./bundle-file";
import type { CommandLineIo } from "./command-io";
import { openOutputs, type OpenedOutputs } from "./output-files";
import { createRecordFiles, type OutputFailure, type RecordFiles } from "./record-files";
import { terminalSafe } from "./terminal-safe";
import type { RunPrice } from "../core/io/bundle";
import type { RunResult } from "../core/run";
import type { Scenario } from "../core/scenario";
import type { ServerScrape } from "../core/server-metrics";
import type { Validity } from "../core/validity";

/** Opens every output (output-files.ts checks them again); the run's signal is aborted when one fails. */
export async function openRunOutputs(
  command: RunCommand,
  run: OutputsRun,
  controller: AbortController,
  io: CommandLineIo,
): Promise<RunOutputs> {
  return new RunOutputs(await openOutputs(command), command, run, controller, io);
}

/** What the bundle's head says of the run. */
interface OutputsRun {
  scenario: Scenario;
  runId: string;
  /** --all-providers: the prices used, with their source. */
  prices?: RunPrice[] | undefined;
}

export class RunOutputs {
  readonly files: RecordFiles;
  /** --bundle: the run as one file, and the binary outputs its tail lists. */
  readonly bundle: BundleFile | undefined;
  readonly bundleBlobs: ReturnType<typeof createBundleBlobs> | null;
  /** The first write that failed (the run was stopped for it), or null. */
  writeFailure: OutputFailure | null = null;
  /** The plan's size as last reported: the bundle's head, written with the first record, tells it. */
  planned = 0;

  constructor(
    readonly opened: OpenedOutputs,
    command: RunCommand,
    run: OutputsRun,
    controller: AbortController,
    io: CommandLineIo,
  ) {
    const stop = (failure: OutputFailure): void => {
      this.writeFailure ??= failure;
      io.stderr.write(`\nerror: ${terminalSafe(`cannot write ${failure.flag} ${failure.path}: ${failure.message}`)}; stopping\n`);
      controller.abort();
    };
    this.files = createRecordFiles(opened, { signal: controller.signal, onFailure: stop });
    const startedAt = Date.now();
    // The bundle carries the run's binary outputs, small ones inline, as the browser's export does.
    this.bundleBlobs = opened.bundle === undefined ? null : createBundleBlobs();
    this.bundle =
      opened.bundle === undefined
        ? undefined
        : createBundleFile(
            opened.bundle,
            () => ({
              id: run.runId,
              scenarioName: run.scenario.name,
              scenario: run.scenario,
              startedAt,
              planned: this.planned,
              appVersion,
              libraryVersions: { "@huggingface/inference": inferenceLibraryVersion },
              origin: commandLineOrigin(command.originLabel, appVersion),
              replayOfRunId: null,
              ...(run.prices === undefined ? {} : { prices: run.prices }),
            }),
            stop,
          );
  }

  /** The records files flushed and the bundle's tail written: what the run measured is on disk. */
  async finish(result: RunResult, serverScrapes: ServerScrape[] | null = null, validity: Validity | null = null): Promise<void> {
    await this.files.close();
    await this.bundle?.finish({
      status: result.status === "aborted" ? "aborted" : "completed",
      finishedAt: result.finishedAt,
      errorMessage: null,
      blobs: this.bundleBlobs?.list() ?? [],
      ...(serverScrapes === null ? {} : { serverMetrics: serverScrapes }),
      ...(validity === null ? {} : { validity }),
    });
  }
}
