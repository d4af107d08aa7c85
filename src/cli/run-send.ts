// `run`'s requests sent: in this process, or with --workers from worker threads whose records are merged
// back in order (workers/). Every record goes to the tally, the records files and the bundle; a resumed
// run's earlier records first.
import type { RunCommand } from "./args";
import type { CommandLineIo } from "./command-io";
import type { ProgressReporter } from "./progress-line";
import type { PreparedRun } from "./run-preflight";
import type { RunOutputs } from "./run-outputs";
import type { RunTally } from "./run-tally";
import type { WireTransport } from "./transport/undici-transport";
import { runInWorkers } from "./workers/run-in-workers";
import { diskTokenizerCache, tokenizerCacheFolder } from "./tokenizer-cache";
import { runScenario, type RunOptions, type RunResult } from "../core/run";

/** Where the run's records and progress go on this thread. */
export interface RunSinks {
  outputs: RunOutputs;
  tally: RunTally;
  progress: ProgressReporter;
}

export async function sendRun(
  command: RunCommand,
  prepared: PreparedRun,
  run: { runId: string; signal: AbortSignal; transport: WireTransport },
  { outputs, tally, progress }: RunSinks,
  io: CommandLineIo,
): Promise<RunResult> {
  const { scenario, resumed, outputBlobs } = prepared;
  const { statistics, loadRecords, stages } = tally;
  const { files, bundle, bundleBlobs } = outputs;
  // The summary covers the whole run: what the file holds, then what the resume adds.
  await resumed?.replay((record) => {
    statistics.add(record);
    loadRecords.add(record);
    // The bundle holds the whole run: what the resumed file held, then what the resume adds (the
    // replay does not wait for a slow file: gzip buffers what it has not written yet).
    void bundle?.write(record);
  });
  const runOptions: RunOptions = {
    runId: run.runId,
    scenario,
    ...(resumed ? { resume: resumed.plan } : {}),
    accessToken: prepared.accessToken,
    endpointKeys: prepared.endpointKeys.keys,
    sandboxUrl: command.sandboxUrl,
    readInputFile: prepared.readInputFile,
    // A model's own tokenizer: fetched once, then read from the user's cache folder.
    hubTokenizers: { fetch: globalThis.fetch.bind(globalThis), cache: diskTokenizerCache(tokenizerCacheFolder(io.env), io) },
    ...(outputBlobs === null && bundleBlobs === null
      ? {}
      : {
          outputBlobSink: async (ref, blob) => {
            await outputBlobs?.write(new Uint8Array(await blob.arrayBuffer()), ref.mime);
            await bundleBlobs?.add(ref, blob);
          },
        }),
    fetch: run.transport.fetch,
    signal: run.signal,
    onRecord: (record) => {
      statistics.add(record);
      loadRecords.add(record);
      const bundleWrite = bundle?.write(record);
      const fileWrite = files.write(record);
      return bundleWrite === undefined ? fileWrite : Promise.all([bundleWrite, fileWrite]).then(() => undefined);
    },
    onProgress: (state) => {
      outputs.planned = state.planned;
      progress.update(state);
    },
    onStage: (stage) => {
      stages.push(stage);
      if (!command.quiet && (scenario.run.load !== undefined || scenario.run.parameterSweep !== undefined)) io.stderr.write(`\nstage ${stage.index}: ${stage.label} (${stage.targetIds.length} targets)\n`);
    },
  };
  if (command.workers <= 1) return runScenario(runOptions);
  const transport = { transport: command.transport, http2: command.http2 };
  return runInWorkers({ ...runOptions, workers: command.workers, endpointKeys: prepared.endpointKeys.keys, sandboxUrl: command.sandboxUrl, signal: run.signal, transport });
}
