// Chromium killed (SIGKILL, every process of it at once) in the middle of a run: after a restart on the
// same profile the run is marked interrupted and keeps every record that was flushed, and what is lost
// is at most the record sink's flush window of work.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestRecord } from "../../src/core/record";
import { DEFAULT_MAX_DELAY_MS } from "../../src/store/record-sink";
import { DATABASE_NAME } from "../../src/store/db";
import {
  saveScenarioThroughUi,
  spawnBrowser,
  startRunInApp,
  startServers,
  storedRun,
  storedRuns,
  type Servers,
  type SpawnedBrowser,
} from "./harness";

/** The most work a kill may cost: the sink's flush delay plus the time to commit one batch. */
const MOST_LOST_MS = 1000;
/** Kill only once the run has stored this many records: well into the run, batches flowing. */
const STORED_BEFORE_KILL = 300;
/** How long after a batch lands, with no newer one, the kill comes: most of the flush delay, so the next batch is nearly due. */
const KILL_AFTER_BATCH_MS = DEFAULT_MAX_DELAY_MS - 20;
/** How long to look for that moment before giving up. */
const FIND_KILL_MOMENT_MS = 30_000;

const LONG_RUN = {
  version: 1,
  name: "Long run to be cut off",
  task: "chat-completion",
  targets: [
    { id: "fast", endpointUrl: "sandbox:/fast/v1", model: "m" },
    { id: "instant", endpointUrl: "sandbox:/instant/v1", model: "m" },
  ],
  inputs: ["Count to three.", "Name a colour."],
  parameters: { max_tokens: 8 },
  run: { repetitions: 5000, concurrency: 6, perTargetConcurrency: 3, stream: true, timeoutMs: 10_000 },
};

let workDirectory: string;
let servers: Servers;
let browser: SpawnedBrowser | undefined;

/** What the run looked like when Chromium was killed; every test reads it, none changes it. */
interface Kill {
  runId: string;
  storedJustBeforeKill: number;
  /** Attempts whose response had fully arrived when the kill came, as the browser reported them. */
  finishedRequestsAtKill: number;
  runStartedAt: number;
  killedAt: number;
  /** How long after the page chose the moment this process got to the kill: the harness's delay, not the sink's. */
  killLateMs: number;
}
let kill: Kill;

beforeAll(async () => {
  workDirectory = await mkdtemp(join(tmpdir(), "providerbench-kill-"));
  servers = await startServers({ sandboxTimeScale: 0.2 });
  kill = await startRunAndKillChromium(join(workDirectory, "profile"));
  // Restarted on the same profile: the app's start-up finds the run it left "running".
  browser = await spawnBrowser(join(workDirectory, "profile"));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await servers?.close();
  if (workDirectory) await rm(workDirectory, { recursive: true, force: true });
});

async function openPage(spawned: SpawnedBrowser): Promise<Page> {
  return spawned.context.pages()[0] ?? spawned.context.newPage();
}

function completedAt(record: RequestRecord): number {
  return record.startedAt + record.latencyMs;
}

async function startRunAndKillChromium(profile: string): Promise<Kill> {
  const killed = await spawnBrowser(profile);
  try {
    const page = await openPage(killed);
    let finishedRequests = 0;
    page.on("requestfinished", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/chat/completions")) finishedRequests++;
    });
    await servers.openApp(page);
    const key = await saveScenarioThroughUi(page, LONG_RUN);
    await startRunInApp(page, key);
    const running = (await storedRuns(page)).filter((run) => run.status === "running");
    expect(running).toHaveLength(1);
    const runId = running[0]!.id;
    const moment = await waitForBatchToStand(page, runId);
    const finishedRequestsAtKill = finishedRequests;
    const killedAt = Date.now();
    await killed.crash();
    const storedJustBeforeKill = moment.stored;
    // Still running: the kill came long before the plan's end.
    expect(storedJustBeforeKill).toBeLessThan(LONG_RUN.run.repetitions * 2 * 2);
    return { runId, storedJustBeforeKill, finishedRequestsAtKill, runStartedAt: running[0]!.startedAt, killedAt, killLateMs: Math.max(0, killedAt - moment.chosenAt) };
  } catch (error) {
    await killed.close();
    throw error;
  }
}

/** The moment to kill, as the page saw it. */
interface KillMoment {
  /** Records stored when the page chose the moment. */
  stored: number;
  /** Epoch ms at which the page chose it: the kill comes after this by however late this process acts on it. */
  chosenAt: number;
}

/**
 * Waits for the worst moment to kill: well into the run, a batch has been committed and the next one has
 * filled for most of the flush delay without being written. Watched from inside the page, every 10 ms, by
 * the last stored row alone (its run-wide position plus its length): from this process each look is a
 * round trip to the browser that a busy machine stretches to hundreds of milliseconds, each of them work
 * the kill would come late by and the test would blame on the record sink.
 */
async function waitForBatchToStand(page: Page, runId: string): Promise<KillMoment> {
  return page.evaluate(
    async ({ databaseName, runId, storedBeforeKill, standMs, lookForMs }) => {
      const request = indexedDB.open(databaseName);
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const storedNow = () =>
        new Promise<number>((resolve, reject) => {
          const range = IDBKeyRange.bound([runId, -Infinity], [runId, Infinity]);
          const cursor = db.transaction("recordChunks", "readonly").objectStore("recordChunks").openCursor(range, "prev");
          cursor.onsuccess = () => {
            const last = cursor.result?.value as { first: number; records: unknown[] } | undefined;
            resolve(last === undefined ? 0 : last.first + last.records.length);
          };
          cursor.onerror = () => reject(cursor.error);
        });
      try {
        const deadline = Date.now() + lookForMs;
        let count = await storedNow();
        let landedAt = Date.now();
        while (Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          const latest = await storedNow();
          if (latest !== count) {
            count = latest;
            landedAt = Date.now();
          } else if (count >= storedBeforeKill && Date.now() - landedAt >= standMs) {
            return { stored: count, chosenAt: Date.now() };
          }
        }
        throw new Error(`no batch stood ${standMs} ms unreplaced after ${storedBeforeKill} records within ${lookForMs} ms (last count ${count})`);
      } finally {
        db.close();
      }
    },
    { databaseName: DATABASE_NAME, runId, storedBeforeKill: STORED_BEFORE_KILL, standMs: KILL_AFTER_BATCH_MS, lookForMs: FIND_KILL_MOMENT_MS },
  );
}

describe("Chromium killed in the middle of a run, then restarted", () => {
  it("marks the run interrupted and keeps every record flushed before the kill", async () => {
    const { runId, storedJustBeforeKill, finishedRequestsAtKill, runStartedAt, killedAt, killLateMs } = kill;
    const page = await openPage(browser!);
    await page.goto(`${servers.site.url}/#/history`);
    await expect.poll(async () => (await storedRun(page, runId)).run?.status, { timeout: 10_000 }).toBe("interrupted");
    await expect.poll(() => page.getByTestId("history-row").locator(".badge").first().innerText()).toBe("interrupted");

    const { records } = await storedRun(page, runId);
    expect(records.length).toBeGreaterThanOrEqual(storedJustBeforeKill);
    expect(new Set(records.map((record) => `${record.targetId}/${record.inputIndex}/${record.repetition}/${record.attempt}`)).size).toBe(
      records.length,
    );
    expect(records.every((record) => record.runId === runId && record.status === "ok")).toBe(true);
    // History shows the kept records' numbers (computed once from them), not a dash.
    const measured = records.filter((record) => !record.warmup).length;
    const measuredCell = page.locator(`[data-testid="history-row"][data-run-id="${runId}"] [data-column="measured"]`);
    await expect.poll(() => measuredCell.innerText(), { timeout: 10_000 }).toBe(measured.toLocaleString("en-US"));

    // Records are stored in the order they were measured, so everything measured before the newest stored
    // record is stored too: the work lost is what finished between that record and the kill. The kill
    // itself comes after the page chose its moment by however long this process took to act (a round trip
    // from the browser, on a busy machine up to hundreds of milliseconds): that delay is the harness's, and
    // is not counted against the sink.
    const newestStored = Math.max(...records.map(completedAt));
    const lostWindowMs = killedAt - killLateMs - newestStored;
    const recordsPerSecond = finishedRequestsAtKill / ((killedAt - runStartedAt) / 1000);
    const lostRecords = Math.max(0, finishedRequestsAtKill - records.length);
    console.info(
      `kill: ${records.length} records kept (${storedJustBeforeKill} seen stored just before), ` +
        `${finishedRequestsAtKill} responses finished by the kill (~${recordsPerSecond.toFixed(0)}/s); ` +
        `lost ${lostRecords} records = the last ${Math.round(lostWindowMs)} ms of work (sink flush delay ${DEFAULT_MAX_DELAY_MS} ms; ` +
        `the kill came ${Math.round(killLateMs)} ms after the page chose its moment)`,
    );
    expect(lostWindowMs).toBeLessThanOrEqual(MOST_LOST_MS);
    // Counted when this process acted, so the responses of the harness's delay are in it too.
    expect(lostRecords).toBeLessThanOrEqual(Math.ceil((recordsPerSecond * (MOST_LOST_MS + killLateMs)) / 1000));
  }, 60_000);

  it("shows the interrupted run's report with what was kept", async () => {
    const page = await openPage(browser!);
    await page.goto(`${servers.site.url}/#/compare/${encodeURIComponent(kill.runId)}`);
    await expect.poll(() => page.getByTestId("report-status").innerText(), { timeout: 10_000 }).toBe("interrupted");
    await expect(page.getByText("This run was cut off").isVisible()).resolves.toBe(true);
    await page.getByTestId("summary-table").waitFor();
  }, 120_000);
});
