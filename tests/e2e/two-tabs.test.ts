// Two tabs of the app in one browser: runs started at once keep their records apart, a tab opened
// meanwhile does not call them interrupted, and a schema upgrade from another tab is neither blocked
// nor loses the stored runs.
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_NAME } from "../../src/store/db";
import {
  collectPageErrors,
  dumpDatabase,
  launchBrowser,
  saveScenarioThroughUi,
  startRunInApp,
  startServers,
  storedRun,
  storedRuns,
  waitForRunToEnd,
  type FinishedRun,
  type Servers,
} from "./harness";

const ARTIFACTS = resolve(import.meta.dirname, "../../test-artifacts");
const INPUTS = ["Name a prime number.", "Name a planet."];
const REPETITIONS = 25;

/** Each tab's scenario has its own target ids, so a record that crossed over would show. */
function tabScenario(tab: string, profiles: string[]) {
  return {
    version: 1,
    name: `Tab ${tab} run`,
    task: "chat-completion",
    targets: profiles.map((profile) => ({ id: `${tab}-${profile}`, endpointUrl: `sandbox:/${profile}/v1`, model: "m" })),
    inputs: INPUTS,
    parameters: { max_tokens: 8 },
    // Three each: together the two tabs stay within Chromium's six connections to the sandbox.
    run: { repetitions: REPETITIONS, concurrency: 3, stream: true, timeoutMs: 10_000 },
  };
}

// Each includes `slow` (~450 ms a request at this time scale): the runs last about ten seconds, long
// enough for a third tab to start up while both are going even on a slow CI machine (at 0.2 a run could
// end before the third tab had loaded).
const SCENARIOS = { a: tabScenario("a", ["slow", "steady"]), b: tabScenario("b", ["slow", "fast", "instant"]) };
/** How long the third tab is watched after it shows both runs: its start-up has run by then. */
const STARTUP_SETTLE_MS = 750;

let workDirectory: string;
let servers: Servers;
let context: BrowserContext;
let tabA: Page;
let tabB: Page;
let errorsA: string[];
const finished: Partial<Record<"a" | "b", FinishedRun>> = {};

beforeAll(async () => {
  workDirectory = await mkdtemp(join(tmpdir(), "providerbench-tabs-"));
  servers = await startServers({ sandboxTimeScale: 0.6 });
  context = await launchBrowser(join(workDirectory, "profile"));
  tabA = context.pages()[0] ?? (await context.newPage());
  tabB = await context.newPage();
  errorsA = collectPageErrors(tabA);
  await Promise.all([tabA.goto(servers.appUrl()), tabB.goto(servers.appUrl())]);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await servers?.close();
  if (workDirectory) await rm(workDirectory, { recursive: true, force: true });
});

describe("two tabs running at once", () => {
  it("runs both to completion, and a third tab opened meanwhile leaves them running", async () => {
    const keyA = await saveScenarioThroughUi(tabA, SCENARIOS.a);
    await tabB.reload();
    const keyB = await saveScenarioThroughUi(tabB, SCENARIOS.b);
    await Promise.all([startRunInApp(tabA, keyA), startRunInApp(tabB, keyB)]);

    // A tab starting up marks runs left "running" as interrupted, unless a tab holds their lock.
    const tabC = await context.newPage();
    await tabC.goto(`${servers.site.url}/#/history`);
    const badges = tabC.getByTestId("history-row").locator(".badge");
    await expect.poll(() => badges.allInnerTexts()).toEqual(["running", "running"]);
    await new Promise((resolve) => setTimeout(resolve, STARTUP_SETTLE_MS));
    expect(await badges.allInnerTexts()).toEqual(["running", "running"]);
    await tabC.close();

    [finished.a, finished.b] = await Promise.all([waitForRunToEnd(tabA, 60_000), waitForRunToEnd(tabB, 60_000)]);
    expect(finished.a.status).toBe("completed");
    expect(finished.b.status).toBe("completed");
  }, 90_000);

  it.each(["a", "b"] as const)("stores exactly tab %s's planned records and nothing of the other", async (tab) => {
    const scenario = SCENARIOS[tab];
    const { run, records } = await storedRun(tabA, finished[tab]!.runId);
    expect(run?.status).toBe("completed");
    expect(run?.scenarioName).toBe(scenario.name);
    const planned = scenario.targets.length * INPUTS.length * REPETITIONS;
    expect(run?.planned).toBe(planned);
    expect(records).toHaveLength(planned);
    const targetIds = new Set(scenario.targets.map((target) => target.id));
    expect(records.every((record) => targetIds.has(record.targetId) && record.status === "ok")).toBe(true);
    const requests = new Set(records.map((record) => `${record.targetId}/${record.inputIndex}/${record.repetition}`));
    expect(requests.size).toBe(planned);
  });

  it("holds no record outside the two runs", async () => {
    const runs = await storedRuns(tabA);
    expect(runs.map((run) => run.status)).toEqual(["completed", "completed"]);
    const total = (await dumpDatabase(tabA)).records!.length;
    expect(total).toBe(finished.a!.planned + finished.b!.planned);
  });
});

describe("a schema upgrade from another tab", () => {
  let upgradedVersion: number;

  it("is not blocked by a tab holding the database open, which asks to be reloaded", async () => {
    await tabA.evaluate(() => (window.location.hash = "#/history"));
    await tabA.getByTestId("history-row").first().waitFor();
    // A page of the same origin that is not the app: it stands for a newer app version with a newer schema.
    const newer = await context.newPage();
    await newer.goto(`${servers.site.url}/newer-app`);
    const upgrade = await newer.evaluate(async (databaseName) => {
      const current = (await indexedDB.databases()).find((database) => database.name === databaseName)?.version ?? 0;
      return new Promise<{ outcome: string; blocked: boolean; version: number; stores: string[] }>((resolve) => {
        let blocked = false;
        const request = indexedDB.open(databaseName, current * 10 + 1);
        const timer = setTimeout(() => resolve({ outcome: "still waiting after 5 s", blocked, version: 0, stores: [] }), 5000);
        request.onblocked = () => (blocked = true);
        // What a next schema version might add.
        request.onupgradeneeded = () => request.result.createObjectStore("notes", { keyPath: "id" });
        request.onsuccess = () => {
          clearTimeout(timer);
          const db = request.result;
          resolve({ outcome: "opened", blocked, version: db.version, stores: Array.from(db.objectStoreNames).sort() });
          db.close();
        };
        request.onerror = () => resolve({ outcome: String(request.error), blocked, version: 0, stores: [] });
      });
    }, DATABASE_NAME);
    await newer.close();
    expect(upgrade).toMatchObject({ outcome: "opened", blocked: false, stores: ["blobs", "notes", "records", "runs", "scenarios"] });
    upgradedVersion = upgrade.version;

    const notice = tabA.getByTestId("database-closed-notice");
    await notice.waitFor();
    expect(await notice.innerText()).toContain("updated in another tab: reload this page");
    expect(await notice.getByRole("button", { name: "Reload" }).isVisible()).toBe(true);
    await mkdir(ARTIFACTS, { recursive: true });
    await tabA.screenshot({ path: join(ARTIFACTS, "database-closed-notice.png") });
  });

  it("keeps the runs readable by the app after the reload", async () => {
    await tabA.getByTestId("database-closed-notice").getByRole("button", { name: "Reload" }).click();
    const badges = tabA.getByTestId("history-row").locator(".badge");
    await expect.poll(() => badges.allInnerTexts()).toEqual(["completed", "completed"]);
    expect(await tabA.getByTestId("database-closed-notice").count()).toBe(0);

    await tabA.evaluate((hash) => (window.location.hash = hash), `#/runs/${encodeURIComponent(finished.a!.runId)}`);
    await tabA.getByTestId("summary-table").waitFor();
    expect(await tabA.getByTestId("summary-row").count()).toBe(SCENARIOS.a.targets.length);
    const { records } = await storedRun(tabA, finished.a!.runId);
    expect(records).toHaveLength(finished.a!.planned);
    const version = await tabA.evaluate(
      async (databaseName) => (await indexedDB.databases()).find((database) => database.name === databaseName)?.version,
      DATABASE_NAME,
    );
    expect(version).toBe(upgradedVersion);
    expect(errorsA).toEqual([]);
  });
});
