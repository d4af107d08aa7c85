// Every output file of a run, checked and opened before the first request is sent, so a path that cannot
// be written costs nothing rather than a whole run. The summary is written to a temporary file beside it
// and renamed into place, so it is either whole or absent, never empty or cut.
import { constants, createWriteStream, unlinkSync, type Stats, type WriteStream } from "node:fs";
import { access, open, rename, stat, unlink, type FileHandle } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { temporaryPathBeside } from "./atomic-file";

export type OutputFlag = "--jsonl" | "--csv" | "--summary" | "--bundle" | "--server-metrics";

export interface OutputPaths {
  scenarioPath: string;
  jsonlPath: string | undefined;
  csvPath: string | undefined;
  summaryPath: string | undefined;
  bundlePath?: string | undefined;
  /** --server-metrics: written whole at the end, as the summary is. */
  serverMetricsPath?: string | undefined;
  force: boolean;
  /** --resume: the JSONL file exists and new records are appended to it. */
  resumePath?: string | undefined;
}

/** One output, once checked: `inPlace` outputs (a pipe, /dev/stdout, a device) are written as they are. */
export interface CheckedOutput {
  flag: OutputFlag;
  path: string;
  inPlace: boolean;
  /** Whether something was at the path before the run (then it is never removed). */
  existed: boolean;
  /** Records go after what the file holds (--resume). */
  append?: boolean;
}

/** An output that cannot be used; reported before the run, as bad input. */
export class OutputProblem extends Error {}

/** Refuses two outputs that are one file, an output that is the scenario, and (without --force) existing files. */
export async function checkOutputs(paths: OutputPaths): Promise<CheckedOutput[]> {
  const wanted: [OutputFlag, string | undefined][] = [
    ["--jsonl", paths.jsonlPath],
    ["--csv", paths.csvPath],
    ["--summary", paths.summaryPath],
    ["--bundle", paths.bundlePath],
    ["--server-metrics", paths.serverMetricsPath],
  ];
  const scenario = { label: `the scenario file ${paths.scenarioPath}`, identity: await fileIdentity(paths.scenarioPath) };
  const seen: { label: string; identity: Identity }[] = [scenario];
  const checked: CheckedOutput[] = [];
  for (const [flag, path] of wanted) {
    if (path === undefined) continue;
    if (path.trim() === "") throw new OutputProblem(`${flag}: the file name is empty`);
    const identity = await fileIdentity(path);
    const clash = seen.find((other) => sameFile(other.identity, identity));
    if (clash) throw new OutputProblem(`${flag} ${path} is the same file as ${clash.label}: give each output its own file`);
    seen.push({ label: `${flag} ${path}`, identity });
    const stats = identity.stats;
    if (stats?.isDirectory()) throw new OutputProblem(`${flag} ${path} is a folder, not a file`);
    const appended = flag === "--jsonl" && paths.resumePath !== undefined;
    if (appended && !stats?.isFile()) throw new OutputProblem(`--resume ${path}: not a file that exists`);
    if (stats?.isFile() && !paths.force && !appended) throw new OutputProblem(`${flag} ${path} already exists: pass --force to overwrite it`);
    // A new file needs a folder that exists and takes files.
    if (stats === undefined) {
      await access(dirname(resolve(path)), constants.W_OK).catch((error: unknown) => {
        throw new OutputProblem(`${flag}: cannot write ${path}: ${reason(error)}`);
      });
    }
    checked.push({ flag, path, inPlace: stats !== undefined && !stats.isFile(), existed: stats !== undefined, ...(appended ? { append: true } : {}) });
  }
  return checked;
}

interface Identity {
  resolved: string;
  stats: Stats | undefined;
}

async function fileIdentity(path: string): Promise<Identity> {
  const stats = await stat(path).catch(() => undefined);
  return { resolved: resolve(path), stats };
}

/** The same path, or (through links) the same inode. */
function sameFile(a: Identity, b: Identity): boolean {
  if (a.resolved === b.resolved) return true;
  return a.stats !== undefined && b.stats !== undefined && a.stats.dev === b.stats.dev && a.stats.ino === b.stats.ino;
}

/** Opens a streamed output now, so a bad path fails before any request. New files are created exclusively. */
export async function openOutputStream(output: CheckedOutput, force: boolean): Promise<WriteStream> {
  const flags = output.append === true ? "a" : output.inPlace || force ? "w" : "wx";
  const stream = createWriteStream(output.path, { encoding: "utf8", flags });
  try {
    await new Promise((resolve, reject) => {
      stream.once("open", resolve);
      stream.once("error", reject);
    });
  } catch (error) {
    throw new OutputProblem(`${output.flag}: cannot write ${output.path}: ${reason(error)}`);
  }
  return stream;
}

/** The reason in words, without the temporary file's name that the system's message would show. */
function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const words: Record<string, string> = {
    ENOENT: "no such folder or file",
    ENOTDIR: "a part of its path is not a folder",
    EACCES: "permission denied",
    EPERM: "permission denied",
    EROFS: "the file system is read-only",
    EISDIR: "it is a folder",
    EEXIST: "it already exists: pass --force to overwrite it",
    ENOSPC: "no space left on the device",
  };
  return (code && words[code]) ?? (error as Error).message;
}

export interface SummaryFile {
  /** Writes the whole text, then moves it into place. Rejects with the reason when it cannot. */
  commit(text: string): Promise<void>;
  /** Removes the temporary file (an interrupted or failed run). */
  discard(): Promise<void>;
}

/** Opens the summary's temporary file beside it now: proves the folder writable before the run. */
export async function openSummaryFile(output: CheckedOutput): Promise<SummaryFile> {
  const target = output.path;
  const temporary = output.inPlace ? target : temporaryPathBeside(target);
  let handle: FileHandle;
  try {
    handle = await open(temporary, output.inPlace ? "w" : "wx");
  } catch (error) {
    throw new OutputProblem(`${output.flag}: cannot write ${target}: ${reason(error)}`);
  }
  let pending = !output.inPlace;
  // A second Ctrl-C ends the process at once: no temporary file is left behind even then.
  const removeOnExit = (): void => {
    if (!pending) return;
    try {
      unlinkSync(temporary);
    } catch {
      // Already gone.
    }
  };
  process.on("exit", removeOnExit);
  const settle = (): void => {
    pending = false;
    process.off("exit", removeOnExit);
  };
  const discard = async (): Promise<void> => {
    await handle.close().catch(() => undefined);
    if (pending) await unlink(temporary).catch(() => undefined);
    settle();
  };
  return {
    discard,
    async commit(text) {
      try {
        await handle.writeFile(text, "utf8");
        if (!output.inPlace) await handle.sync();
        await handle.close();
        if (!output.inPlace) await rename(temporary, target);
        settle();
      } catch (error) {
        await discard();
        throw new Error(`${output.flag}: cannot write ${target}: ${(error as Error).message}`, { cause: error });
      }
    },
  };
}

export interface OpenedOutputs {
  jsonl: { flag: OutputFlag; path: string; stream: WriteStream } | undefined;
  csv: { flag: OutputFlag; path: string; stream: WriteStream } | undefined;
  summary: SummaryFile | undefined;
  bundle: { flag: OutputFlag; path: string; stream: WriteStream } | undefined;
  serverMetrics?: SummaryFile | undefined;
}

/** Checks, then opens every output; if one cannot be opened, the ones already opened are closed again. */
export async function openOutputs(paths: OutputPaths): Promise<OpenedOutputs> {
  const checked = await checkOutputs(paths);
  const opened: OpenedOutputs = { jsonl: undefined, csv: undefined, summary: undefined, bundle: undefined };
  const created: string[] = [];
  try {
    for (const output of checked) {
      if (output.flag === "--summary") {
        opened.summary = await openSummaryFile(output);
        continue;
      }
      if (output.flag === "--server-metrics") {
        opened.serverMetrics = await openSummaryFile(output);
        continue;
      }
      const stream = await openOutputStream(output, paths.force);
      if (!output.existed) created.push(output.path);
      opened[output.flag === "--jsonl" ? "jsonl" : output.flag === "--bundle" ? "bundle" : "csv"] = { flag: output.flag, path: output.path, stream };
    }
  } catch (error) {
    for (const entry of [opened.jsonl, opened.csv, opened.bundle]) entry?.stream.destroy();
    await opened.summary?.discard();
    await opened.serverMetrics?.discard();
    // Files this run created, still empty, are removed again.
    await Promise.all(created.map((path) => unlink(path).catch(() => undefined)));
    throw error;
  }
  return opened;
}
