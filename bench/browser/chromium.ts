// Debian's Chromium driven by playwright-core, launched with tests/e2e/chromium-install.ts's flags, each time with a fresh profile.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from "playwright-core";
import type { BenchPageApi, BenchWindow } from "./page/bench-page-api";
import { CHROMIUM_ARGS, CHROMIUM_PATH, assertChromiumInstalled } from "../../tests/e2e/chromium-install";

export interface ChromiumProfile {
  context: BrowserContext;
  /** The --user-data-dir: its IndexedDB folder is what the records cost on disk. */
  profileDir: string;
  close(): Promise<void>;
}

/** A persistent context on a new, empty profile directory, removed on close. */
export async function launchFreshProfile(): Promise<ChromiumProfile> {
  assertChromiumInstalled();
  const profileDir = await mkdtemp(join(tmpdir(), "providerbench-chromium-"));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
  });
  return {
    context,
    profileDir,
    close: async () => {
      await context.close();
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}

/** A browser for pages that each get their own fresh (incognito-like) context. */
export async function launchBrowser(): Promise<Browser> {
  assertChromiumInstalled();
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * Collects uncaught errors and console errors of a page, so a benchmark that drove a broken page
 * throws instead of reporting its numbers.
 */
export function watchPageErrors(page: Page): { throwIfAny(during: string): void } {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${message.text()} (${message.location().url})`);
  });
  return {
    throwIfAny(during) {
      if (errors.length > 0) throw new Error(`the page reported errors during ${during}: ${errors.slice(0, 5).join(" | ")}`);
    },
  };
}

/** Opens the bench page in a new tab and waits until its API is installed. */
export async function openBenchPage(context: BrowserContext, siteUrl: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${siteUrl}/bench/index.html`);
  await page.waitForFunction(() => "providerBench" in window, undefined, { timeout: 30_000 });
  return page;
}

/** Calls one method of the bench page's API with plain-data arguments. */
export function callBenchPage<Method extends keyof BenchPageApi>(
  page: Page,
  method: Method,
  ...args: Parameters<BenchPageApi[Method]>
): Promise<Awaited<ReturnType<BenchPageApi[Method]>>> {
  return page.evaluate(
    ([name, methodArgs]) => {
      const api = (window as unknown as BenchWindow).providerBench as unknown as Record<string, (...values: unknown[]) => unknown>;
      return api[name]!(...methodArgs);
    },
    [method, args] as const,
  ) as Promise<Awaited<ReturnType<BenchPageApi[Method]>>>;
}

/**
 * page.evaluate for functions with inner helpers. tsx compiles with esbuild's keepNames, which wraps
 * named inner functions in `__name(…)` calls, a helper that exists in Node, not in the page; so the
 * function goes over as source text with a `__name` that does nothing.
 */
export function evaluateInPage<Arg, Result>(page: Page, pageFunction: (arg: Arg) => Result | Promise<Result>, arg: Arg): Promise<Result> {
  return page.evaluate(`(() => { const __name = (target) => target; return (${pageFunction.toString()})(${JSON.stringify(arg)}); })()`) as Promise<Result>;
}

/** page.addInitScript, with the same `__name` allowance as evaluateInPage. */
export async function addInitScriptInPage(page: Page, pageFunction: () => void): Promise<void> {
  await page.addInitScript(`(() => { const __name = (target) => target; (${pageFunction.toString()})(); })()`);
}

/** One reading of the DevTools protocol's Performance.getMetrics: a metric by name, refused when absent. */
export async function performanceMetric(session: CDPSession): Promise<(name: string) => number> {
  const { metrics } = await session.send("Performance.getMetrics");
  return (name) => {
    const found = metrics.find((entry) => entry.name === name);
    if (found === undefined) throw new Error(`Performance.getMetrics has no ${name}`);
    return found.value;
  };
}
