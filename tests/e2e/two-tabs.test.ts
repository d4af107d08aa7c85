// Two tabs of the app in one browser: runs started at once keep their records apart, a tab opened
// meanwhile does not call them interrupted, and a schema upgrade from another tab is neither blocked
// nor loses the stored runs.
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { DATABASE_NAME } from "../../src/store/db";
import {
  collectPageErrors,
  dumpDatabase,
  launchBrowser,
  runScenarioInApp,
  saveScenarioThroughUi,
  startRunInApp,
  startServers,
  storedRun,
  storedRuns,
  waitForRunToEnd,
  type Servers,
} from "./harness";

const ARTIFACTS = resolve(import.meta.dirname, "../../test-artifacts");
const INPUTS = ["Name a prime number.", "Name a planet."];
const REPETITIONS = 12;

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

// Each includes `slow` (~900 ms a request at this time scale): the runs last about ten seconds, long
// enough for a third tab to start up while both are going even on a slow CI machine (at 0.2 a run could
// end before the third tab had loaded). Twelve repetitions at 1.2 rather than 25 at 0.6: the same ten
// seconds with half the requests, whose number this test does not need (each costs the browser CPU).
const SCENARIOS = { a: tabScenario("a", ["slow", "steady"]), b: tabScenario("b", ["slow", "fast", "instant"]) };
/** Enough stored runs for the upgrade test: quick, and its own. */
const SMALL_RUN = {
  version: 1,
  name: "Before the upgrade",
  task: "chat-completion",
  targets: [
    { id: "instant", endpointUrl: "sandbox:/instant/v1", model: "m" },
    { id: "fast", endpointUrl: "sandbox:/fast/v1", model: "m" },
  ],
  inputs: INPUTS,
  parameters: { max_tokens: 8 },
  run: { repetitions: 2, concurrency: 2, stream: true, timeoutMs: 10_000 },
};

let workDirectory: string;
let servers: Servers;

beforeAll(async () => {
  workDirectory = await mkdtemp(join(tmpdir(), "providerbench-tabs-"));
  servers = await startServers({ sandboxTimeScale: 1.2 });
}, 120_000);

afterAll(async () => {
  await servers?.close();
  if (workDirectory) await rm(workDirectory, { recursive: true, force: true });
});

/** A browser with its own profile, closed when the test ends. */
async function openBrowser(profileName: string): Promise<BrowserContext> {
  const context = await launchBrowser(join(workDirectory, profileName));
  onTestFinished(() => context.close());
  return context;
}

async function openApp(context: BrowserContext, hash = "#/"): Promise<Page> {
  const page = await context.newPage();
  if (hash === "#/") await servers.openApp(page);
  else await page.goto(`${servers.site.url}/${hash}`);
  return page;
}

/** Waits until the page's start-up (which marks runs left "running" as interrupted) has finished. */
async function waitForStartUp(page: Page): Promise<void> {
  await page.locator("html[data-started-up]").waitFor({ state: "attached" });
}

describe("two tabs running at once", () => {
  it("runs both to completion, a third tab opened meanwhile leaves them running, and each keeps exactly its records", async () => {
    const context = await openBrowser("profile-runs");
    const [tabA, tabB] = [await openApp(context), await openApp(context)];
    const errorsA = collectPageErrors(tabA);
    const keyA = await saveScenarioThroughUi(tabA, SCENARIOS.a);
    await tabB.reload();
    const keyB = await saveScenarioThroughUi(tabB, SCENARIOS.b);
    await Promise.all([startRunInApp(tabA, keyA), startRunInApp(tabB, keyB)]);

    // A tab starting up marks runs left "running" as interrupted, unless a tab holds their lock.
    const tabC = await openApp(context, "#/history");
    await waitForStartUp(tabC);
    const badges = tabC.getByTestId("history-row").locator(".badge");
    await expect.poll(() => badges.allInnerTexts()).toEqual(["running", "running"]);
    expect((await storedRuns(tabC)).map((run) => run.status)).toEqual(["running", "running"]);
    await tabC.close();

    const finished = { a: await waitForRunToEnd(tabA, 60_000), b: await waitForRunToEnd(tabB, 60_000) };
    for (const tab of ["a", "b"] as const) {
      const scenario = SCENARIOS[tab];
      expect(finished[tab].status, `tab ${tab}`).toBe("completed");
      const { run, records } = await storedRun(tabA, finished[tab].runId);
      expect(run?.status).toBe("completed");
      expect(run?.scenarioName).toBe(scenario.name);
      const planned = scenario.targets.length * INPUTS.length * REPETITIONS;
      expect(run?.planned).toBe(planned);
      expect(records).toHaveLength(planned);
      // Nothing of the other tab's run: its target ids differ.
      const targetIds = new Set(scenario.targets.map((target) => target.id));
      expect(records.every((record) => targetIds.has(record.targetId) && record.status === "ok")).toBe(true);
      const requests = new Set(records.map((record) => `${record.targetId}/${record.inputIndex}/${record.repetition}`));
      expect(requests.size).toBe(planned);
    }
    // And no record outside the two runs.
    expect((await storedRuns(tabA)).map((run) => run.status)).toEqual(["completed", "completed"]);
    // Records are stored in rows of up to 1,000 of one run (store/record-store.ts).
    const rows = (await dumpDatabase(tabA)).recordChunks as { records: unknown[] }[];
    expect(rows.reduce((count, row) => count + row.records.length, 0)).toBe(finished.a.planned + finished.b.planned);
    expect(errorsA).toEqual([]);
  }, 120_000);
});

describe("a schema upgrade from another tab", () => {
  it("is not blocked by a tab holding the database open, which asks to be reloaded and then reads the runs", async () => {
    const context = await openBrowser("profile-upgrade");
    const tab = await openApp(context);
    const errors = collectPageErrors(tab);
    const key = await saveScenarioThroughUi(tab, SMALL_RUN);
    const run = await runScenarioInApp(tab, key);
    expect(run.status).toBe("completed");

    await tab.evaluate(() => (window.location.hash = "#/history"));
    await tab.getByTestId("history-row").first().waitFor();
    // A page of the same origin that is not the app: it stands for a newer app version with a newer schema.
    const newer = await context.newPage();
    await newer.goto(`${servers.site.url}/newer-app`);
    const upgrade = await newer.evaluate(async (databaseName) => {
      const current = (await indexedDB.databases()).find((database) => database.name === databaseName)?.version ?? 0;
      return new Promise<{ outcome: string; blocked: boolean; version: number; stores: string[] }>((resolve) => {
        let blocked = false;
        const request = indexedDB.open(databaseName, current * 10 + 1);
        // A bound on the wait, not a pause: an upgrade left blocked never calls back.
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
    expect(upgrade).toMatchObject({ outcome: "opened", blocked: false, stores: ["blobs", "notes", "recordChunks", "recordColumns", "runs", "scenarios"] });

    const notice = tab.getByTestId("database-closed-notice");
    await notice.waitFor();
    expect(await notice.innerText()).toContain("updated in another tab: reload this page");
    expect(await notice.getByRole("button", { name: "Reload" }).isVisible()).toBe(true);
    await mkdir(ARTIFACTS, { recursive: true });
    await tab.screenshot({ path: join(ARTIFACTS, "database-closed-notice.png") });

    // After the reload the app reads the upgraded database: the run, its report and its records.
    await notice.getByRole("button", { name: "Reload" }).click();
    const badges = tab.getByTestId("history-row").locator(".badge");
    await expect.poll(() => badges.allInnerTexts()).toEqual(["completed"]);
    expect(await tab.getByTestId("database-closed-notice").count()).toBe(0);
    await tab.evaluate((hash) => (window.location.hash = hash), `#/compare/${encodeURIComponent(run.runId)}`);
    await tab.getByTestId("summary-table").waitFor();
    expect(await tab.getByTestId("summary-row").count()).toBe(SMALL_RUN.targets.length);
    const { records } = await storedRun(tab, run.runId);
    expect(records).toHaveLength(run.planned);
    const version = await tab.evaluate(
      async (databaseName) => (await indexedDB.databases()).find((database) => database.name === databaseName)?.version,
      DATABASE_NAME,
    );
    expect(version).toBe(upgrade.version);
    expect(errors).toEqual([]);
  }, 90_000);
});
