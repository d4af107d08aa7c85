// One writer per records file (src/cli/records-lock.ts): a second taker is refused while the first
// holds the lock, and a lock left by a process that no longer runs is taken over.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lockPathOf, lockRecordsFile } from "../../src/cli/records-lock";

const recordsPath = (): string => join(mkdtempSync(join(tmpdir(), "pb-lock-")), "run.jsonl");

describe("lockRecordsFile", () => {
  it("refuses a second taker while the lock is held, naming the file and the holder, and lets it go on release", async () => {
    const path = recordsPath();
    const first = await lockRecordsFile(path, "--resume");
    await expect(lockRecordsFile(path, "--resume")).rejects.toThrow(`--resume ${path}: another run is writing this records file (process ${process.pid} on ${hostname()}`);
    await first.release();
    expect(existsSync(lockPathOf(path))).toBe(false);
    const again = await lockRecordsFile(path, "--jsonl");
    await again.release();
  });

  it("takes over a lock left by a process of this machine that no longer runs", async () => {
    const path = recordsPath();
    // A process that has ended: its number is free (or, rarely, another's, which would be taken for a live holder).
    const ended = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
    writeFileSync(lockPathOf(path), JSON.stringify({ pid: Number(ended), host: hostname(), startedAt: "2026-01-01T00:00:00.000Z", token: "dead" }));
    const lock = await lockRecordsFile(path, "--resume");
    expect((JSON.parse(readFileSync(lockPathOf(path), "utf8")) as { pid: number }).pid).toBe(process.pid);
    await lock.release();
  });

  it("does not guess about a holder on another machine or a lock it did not write: refused, naming the lock to remove", async () => {
    const path = recordsPath();
    writeFileSync(lockPathOf(path), JSON.stringify({ pid: 1, host: "other-machine", startedAt: "2026-01-01T00:00:00.000Z", token: "t" }));
    await expect(lockRecordsFile(path, "--resume")).rejects.toThrow(`or remove ${lockPathOf(path)} if that run is gone`);
    writeFileSync(lockPathOf(path), "not a lock");
    await expect(lockRecordsFile(path, "--resume")).rejects.toThrow("another run is writing this records file");
  });
});
