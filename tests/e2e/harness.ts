// What every e2e file shares: Chromium (launched by Playwright, or spawned by hand when a test must kill
// it), the built site and the sandbox over real HTTP on 127.0.0.1, and the app's own paths to save and
// run a scenario; plus reads of the app's IndexedDB from inside the page.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Download, type Page } from "playwright-core";
import Papa from "papaparse";
import { inject } from "vitest";
import type { RequestRecord } from "../../src/core/record";
import { BROWSER_SANDBOX_URL_OPTIONS, sandboxEndpointUrl } from "../../src/core/endpoints";
import { DATABASE_NAME, type StoredRun } from "../../src/store/db";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";
import { openAppThroughSandboxLink } from "./app-actions";
import { CHROMIUM_ARGS, CHROMIUM_PATH, assertChromiumInstalled } from "./chromium-install";
import { serveDirectory, type StaticServer } from "./static-server";

// The browser files import it from here with the rest of their helpers.
export { saveScenarioThroughUi } from "./app-actions";

export interface Servers {
  site: StaticServer;
  sandbox: Sandbox;
  /** Where the app sends a sandbox profile's requests (`http://fast.localhost:port/fast/v1`: a host per profile, core/endpoints/sandbox-url.ts). */
  profileUrl(profile: string): string;
  /** The app's address, with a `?sandbox=` link to this sandbox. */
  appUrl(hash?: string): string;
  /**
   * Opens the app on this sandbox the way a user does: through the `?sandbox=` link, accepting the
   * notice that asks before sandbox requests go elsewhere (not shown when the profile already uses it).
   */
  openApp(page: Page, hash?: string): Promise<void>;
  close(): Promise<void>;
}

/** The built site (from the e2e global setup) and a sandbox, both on ephemeral ports. */
export async function startServers(options: { sandboxTimeScale: number }): Promise<Servers> {
  const [site, sandbox] = await Promise.all([
    serveDirectory(inject("siteDirectory")),
    startSandbox({ port: 0, timeScale: options.sandboxTimeScale }),
  ]);
  const appUrl = (hash = "#/"): string => `${site.url}/?sandbox=${encodeURIComponent(sandbox.url)}${hash}`;
  return {
    site,
    sandbox,
    profileUrl: (profile) => sandboxEndpointUrl(`sandbox:/${profile}/v1`, sandbox.url, BROWSER_SANDBOX_URL_OPTIONS),
    appUrl,
    openApp: (page, hash) => openAppThroughSandboxLink(page, appUrl(hash)),
    close: async () => {
      await Promise.all([site.close(), sandbox.close()]);
    },
  };
}

/** What most e2e files start with: the servers, Chromium on a fresh profile, and its first page. */
export interface BrowserSession {
  workDirectory: string;
  servers: Servers;
  context: BrowserContext;
  page: Page;
  /** Closes Chromium and the servers and removes the profile. */
  close(): Promise<void>;
}

/** Every browser context the tests open: a desktop window, downloads kept, the light theme. */
const CONTEXT_OPTIONS = { viewport: { width: 1280, height: 800 }, acceptDownloads: true, colorScheme: "light" } as const;

/**
 * The file's own context in the Chromium every browser file shares (global-setup.ts): its storage,
 * IndexedDB included, is the context's alone, and goes with it.
 */
export async function startBrowserSession(name: string, options: { sandboxTimeScale: number }): Promise<BrowserSession> {
  const workDirectory = await mkdtemp(join(tmpdir(), `providerbench-${name}-`));
  const [servers, browser] = await Promise.all([startServers(options), chromium.connect(inject("browserEndpoint"))]);
  const context = await browser.newContext(CONTEXT_OPTIONS);
  const page = await context.newPage();
  return {
    workDirectory,
    servers,
    context,
    page,
    close: async () => {
      await context.close();
      await browser.close();
      await servers.close();
      await rm(workDirectory, { recursive: true, force: true });
    },
  };
}

/** A Chromium of its own with a profile folder, through Playwright: for a test about profiles or browsers. */
export function launchBrowser(profileDirectory: string): Promise<BrowserContext> {
  assertChromiumInstalled();
  return chromium.launchPersistentContext(profileDirectory, { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, ...CONTEXT_OPTIONS });
}

export interface SpawnedBrowser {
  context: BrowserContext;
  /** SIGKILL to every process of this Chromium at once (a crash, a power cut of the app); resolves when all are gone. */
  crash(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Chromium started by hand and driven over CDP: Playwright does not expose the process of a browser it
 * launched, and a crash test needs it.
 */
export async function spawnBrowser(profileDirectory: string): Promise<SpawnedBrowser> {
  assertChromiumInstalled();
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, "--headless", "--remote-debugging-port=0", `--user-data-dir=${profileDirectory}`, "about:blank"],
    // Its own process group, so the whole browser (renderers, storage service) can be killed by one id.
    { stdio: ["ignore", "ignore", "pipe"], detached: true },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let browser: Browser;
  try {
    browser = await chromium.connectOverCDP(await devToolsAddress(child));
  } catch (error) {
    killGroup(child, "SIGKILL");
    throw error;
  }
  const context = browser.contexts()[0];
  if (!context) throw new Error("Chromium started without its default context");
  const gone = async (): Promise<void> => {
    await exited;
    await waitUntilGroupIsGone(child.pid!);
  };
  return {
    context,
    crash: async () => {
      killGroup(child, "SIGKILL");
      await gone();
    },
    close: async () => {
      await browser.close().catch(() => undefined);
      killGroup(child, "SIGTERM");
      await gone();
    },
  };
}

function devToolsAddress(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not report its DevTools address:\n${seen}`)), 30_000);
    child.stderr!.on("data", (data: Buffer) => {
      seen += data.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once("exit", (code) => reject(new Error(`Chromium exited (${code}) before it listened:\n${seen}`)));
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // Already gone.
  }
}

async function waitUntilGroupIsGone(groupId: number): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    try {
      process.kill(-groupId, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`processes of Chromium's group ${groupId} are still alive`);
}

/** A download's bytes, streamed from the browser: every test's browser is connected (global-setup.ts), so the file has no local path. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** How wide the page is against its window, and what sticks out (the page then scrolls sideways). */
export interface HorizontalOverflow {
  scrollWidth: number;
  /** Elements sticking out past the window's right edge, outside any box that clips or scrolls them. */
  overflowing: string[];
}

export function horizontalOverflow(page: Page): Promise<HorizontalOverflow> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const sticksOut = (element: Element): boolean => element.getBoundingClientRect().right > width + 0.5;
    // The outermost culprits: sticking out of a parent that neither sticks out nor clips or scrolls them.
    const isCulprit = (element: Element): boolean => {
      const parent = element.parentElement;
      if (!sticksOut(element) || !parent) return false;
      return parent === document.body || (!sticksOut(parent) && getComputedStyle(parent).overflowX === "visible");
    };
    const describe = (element: Element): string =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${element.className && typeof element.className === "string" ? `.${element.className.trim().split(/\s+/).join(".")}` : ""} (right ${Math.round(element.getBoundingClientRect().right)})`;
    const overflowing = Array.from(document.body.querySelectorAll("*"))
      .filter(isCulprit)
      .slice(0, 12)
      .map(describe);
    return { scrollWidth: document.documentElement.scrollWidth, overflowing };
  });
}

/** Errors the page throws or logs: a run of the app should produce none. */
export function collectPageErrors(page: Page, ignore: (text: string) => boolean = () => false): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    const text = `${message.text()} (${message.location().url})`;
    if (message.type() === "error" && !ignore(text)) errors.push(text);
  });
  return errors;
}


export interface FinishedRun {
  runId: string;
  status: string;
  planned: number;
  done: number;
  /** Attempts recorded, warm-ups and retries included: one record each. */
  attempts: number;
  /** Retries of measured requests, as the summary counts them. */
  retries: number;
  failedRequests: number;
}

/** Opens the scenario's Run page, presses Run and waits until the run has started. */
export async function startRunInApp(page: Page, scenarioKey: string): Promise<void> {
  await page.evaluate((hash) => (window.location.hash = hash), `#/run/${encodeURIComponent(scenarioKey)}`);
  const runButton = page.getByTestId("run-button");
  await runButton.waitFor();
  // The page shows this scenario's last run, if any: its comparison link is not the new run's.
  const comparisonLink = page.getByTestId("open-comparison");
  const lastRunLink = (await comparisonLink.count()) > 0 ? await comparisonLink.getAttribute("href") : null;
  await runButton.click();
  // Abort shows while the run goes on; a run that ends at once (one request refused before it is sent)
  // can come and go between two looks, so a new comparison link means it started too.
  // Checked in the page at every frame (this also runs in hooks, where expect.poll may not).
  await page.waitForFunction((lastLink) => {
    if (document.querySelector('[data-testid="abort-button"]') !== null) return true;
    const link = document.querySelector('[data-testid="open-comparison"]')?.getAttribute("href") ?? null;
    return link !== null && link !== lastLink;
  }, lastRunLink);
}

/** Waits for the run on this page to end and reads its outcome from the Run page. */
export async function waitForRunToEnd(page: Page, timeoutMs: number): Promise<FinishedRun> {
  const comparisonLink = page.getByTestId("open-comparison");
  await comparisonLink.waitFor({ timeout: timeoutMs });
  const match = /#\/compare\/([^?]+)/.exec((await comparisonLink.getAttribute("href")) ?? "");
  if (!match) throw new Error("the comparison link names no run");
  const progress = page.getByTestId("progress");
  return {
    runId: decodeURIComponent(match[1]!),
    status: (await page.getByTestId("run-status").textContent()) ?? "",
    planned: Number(await progress.getAttribute("data-planned")),
    done: Number(await progress.getAttribute("data-done")),
    attempts: Number(await progress.getAttribute("data-attempts")),
    retries: Number(await progress.getAttribute("data-retries")),
    failedRequests: Number(await progress.getAttribute("data-failed")),
  };
}

/** A downloaded CSV file as objects keyed by its header (a byte-order mark, which every export starts with, is dropped). */
export function parseCsvRows(text: string): Record<string, string>[] {
  if (!text.startsWith("\uFEFF")) throw new Error("the CSV file does not start with a byte-order mark");
  const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
  if (parsed.errors.length > 0) throw new Error(`CSV parse error: ${parsed.errors[0]!.message}`);
  return parsed.data;
}

export async function runScenarioInApp(page: Page, scenarioKey: string, timeoutMs = 60_000): Promise<FinishedRun> {
  await startRunInApp(page, scenarioKey);
  return waitForRunToEnd(page, timeoutMs);
}

/** Every object store of the app's database, read with the raw IndexedDB API from inside the page. */
export function dumpDatabase(page: Page): Promise<Record<string, unknown[]>> {
  return page.evaluate(async (databaseName) => {
    const request = indexedDB.open(databaseName);
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const tables: Record<string, unknown[]> = {};
      for (const storeName of Array.from(db.objectStoreNames)) {
        const rows = db.transaction(storeName, "readonly").objectStore(storeName).getAll();
        tables[storeName] = await new Promise<unknown[]>((resolve, reject) => {
          rows.onsuccess = () => resolve(rows.result);
          rows.onerror = () => reject(rows.error);
        });
      }
      return tables;
    } finally {
      db.close();
    }
  }, DATABASE_NAME);
}

/** The run row and its records as IndexedDB holds them, in the order they were stored. */
export async function storedRun(page: Page, runId: string): Promise<{ run: StoredRun | undefined; records: RequestRecord[] }> {
  return page.evaluate(
    async ({ databaseName, runId }) => {
      const request = indexedDB.open(databaseName);
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        const transaction = db.transaction(["runs", "recordChunks"], "readonly");
        const read = <T>(query: IDBRequest<T>) =>
          new Promise<T>((resolve, reject) => {
            query.onsuccess = () => resolve(query.result);
            query.onerror = () => reject(query.error);
          });
        // Rows of records keyed [runId, first] (store/record-store.ts): in key order, the run's records in order.
        const [run, rows] = await Promise.all([
          read(transaction.objectStore("runs").get(runId)),
          read(transaction.objectStore("recordChunks").getAll(IDBKeyRange.bound([runId, -Infinity], [runId, Infinity])) as IDBRequest<{ records: unknown[] }[]>),
        ]);
        return { run, records: rows.flatMap((row) => row.records) };
      } finally {
        db.close();
      }
    },
    { databaseName: DATABASE_NAME, runId },
  ) as Promise<{ run: StoredRun | undefined; records: RequestRecord[] }>;
}

/** Every row of one object store of the app's database, read with the raw IndexedDB API from inside the page. */
export function storedRows<Row>(page: Page, storeName: string): Promise<Row[]> {
  return page.evaluate(
    async ({ databaseName, storeName }) => {
      const request = indexedDB.open(databaseName);
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        const rows = db.transaction(storeName, "readonly").objectStore(storeName).getAll();
        return await new Promise<unknown[]>((resolve, reject) => {
          rows.onsuccess = () => resolve(rows.result);
          rows.onerror = () => reject(rows.error);
        });
      } finally {
        db.close();
      }
    },
    { databaseName: DATABASE_NAME, storeName },
  ) as Promise<Row[]>;
}

/** Every run row IndexedDB holds, records left out. */
export function storedRuns(page: Page): Promise<StoredRun[]> {
  return storedRows<StoredRun>(page, "runs");
}

/** How many records of the run IndexedDB holds right now (committed batches only). */
export function countStoredRecords(page: Page, runId: string): Promise<number> {
  return page.evaluate(
    async ({ databaseName, runId }) => {
      const request = indexedDB.open(databaseName);
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        const rows = db.transaction("recordChunks", "readonly").objectStore("recordChunks").getAll(IDBKeyRange.bound([runId, -Infinity], [runId, Infinity]));
        return await new Promise<number>((resolve, reject) => {
          rows.onsuccess = () => resolve((rows.result as { records: unknown[] }[]).reduce((total, row) => total + row.records.length, 0));
          rows.onerror = () => reject(rows.error);
        });
      } finally {
        db.close();
      }
    },
    { databaseName: DATABASE_NAME, runId },
  );
}
