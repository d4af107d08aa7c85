// One writer per records file. A run writing --jsonl, and a resume appending to it, holds `.<name>.lock`
// beside the file from before it reads it until the run ends, so a second resume of the same file (which
// would send the same missing requests again) or a run given a file another run is writing is refused,
// naming the file and the process that holds it. A lock left by a process that no longer runs on this
// machine (killed outright) is taken over; one from another machine (a shared folder) is not guessed at.
import { readFileSync, unlinkSync } from "node:fs";
import { link, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { basename, dirname, join } from "node:path";
import { FileExistsProblem, placeFile, temporaryPathBeside } from "./atomic-file";

/** The file is another run's: reported before anything is sent, as bad input. */
export class RecordsFileBusy extends Error {}

export interface RecordsLock {
  release(): Promise<void>;
}

interface Holder {
  pid: number;
  host: string;
  startedAt: string;
  /** This holding of the lock, apart from any other by the same process number. */
  token: string;
}

export function lockPathOf(recordsPath: string): string {
  return join(dirname(recordsPath), `.${basename(recordsPath)}.lock`);
}

/** Takes the lock of `recordsPath` (`flag` names it in a refusal: `--resume`, `--jsonl`). */
export async function lockRecordsFile(recordsPath: string, flag: string): Promise<RecordsLock> {
  const lockPath = lockPathOf(recordsPath);
  const mine: Holder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), token: randomUUID() };
  // A few turns at most: each one either takes the lock, meets a live holder, or clears a dead one's.
  for (let turn = 0; turn < 3; turn++) {
    try {
      // Written whole, then linked into place: no other process ever reads a lock half written.
      await placeFile(lockPath, (temporary) => writeFile(temporary, JSON.stringify(mine)), { replace: false });
      return holding(lockPath, mine.token);
    } catch (error) {
      if (!(error instanceof FileExistsProblem)) throw new RecordsFileBusy(`${flag} ${recordsPath}: cannot take its lock ${lockPath}: ${(error as Error).message}`);
    }
    const holder = await readHolder(lockPath);
    if (holder === null) continue; // Released meanwhile.
    if (isRunning(holder)) {
      throw new RecordsFileBusy(
        `${flag} ${recordsPath}: another run is writing this records file (process ${holder.pid} on ${holder.host}, since ${holder.startedAt}); two runs writing one records file would send the same requests twice: wait for it to end${holder.host === hostname() ? "" : `, or remove ${lockPath} if that run is gone`}`,
      );
    }
    await clearDeadHolder(lockPath, holder);
  }
  throw new RecordsFileBusy(`${flag} ${recordsPath}: its lock ${lockPath} keeps changing hands: another run is starting on this file`);
}

function holding(lockPath: string, token: string): RecordsLock {
  // Ended by a second Ctrl-C or an uncaught failure: the lock goes with the process, not after it.
  const releaseOnExit = (): void => {
    try {
      if ((JSON.parse(readFileSync(lockPath, "utf8")) as Holder).token === token) unlinkSync(lockPath);
    } catch {
      // Already gone.
    }
  };
  process.on("exit", releaseOnExit);
  return {
    async release() {
      process.off("exit", releaseOnExit);
      const holder = await readHolder(lockPath);
      if (holder?.token === token) await unlink(lockPath).catch(() => undefined);
    },
  };
}

async function readHolder(lockPath: string): Promise<Holder | null> {
  let text: string;
  try {
    text = await readFile(lockPath, "utf8");
  } catch {
    return null;
  }
  try {
    const holder = JSON.parse(text) as Partial<Holder>;
    if (typeof holder.pid === "number" && typeof holder.host === "string" && typeof holder.startedAt === "string" && typeof holder.token === "string") return holder as Holder;
  } catch {
    // Not a lock this program wrote: taken for a live one below, never removed.
  }
  return { pid: 0, host: "an unknown machine", startedAt: "an unknown time", token: "" };
}

/** A process of this machine that no longer exists does not hold anything; any other holder is taken as running. */
function isRunning(holder: Holder): boolean {
  if (holder.host !== hostname() || holder.token === "") return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

/**
 * Moves the dead holder's lock aside and removes it; if what was moved turns out to be a newer holder's
 * (another process cleared the dead one first and took the lock), it is put back.
 */
async function clearDeadHolder(lockPath: string, dead: Holder): Promise<void> {
  const aside = temporaryPathBeside(lockPath);
  try {
    await rename(lockPath, aside);
  } catch {
    return; // Gone already.
  }
  const moved = await readHolder(aside);
  if (moved !== null && moved.token !== dead.token) await link(aside, lockPath).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}
