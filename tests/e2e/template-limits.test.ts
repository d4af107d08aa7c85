// A hostile template pasted into "Check and save" in the built app: validation runs in a Web Worker, the
// tab stays usable while it runs, and the error names inputs.template. Then an ordinary scenario saves.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectPageErrors, saveScenarioThroughUi, startBrowserSession, type BrowserSession, type Servers } from "./harness";

let session: BrowserSession;
let servers: Servers;
let page: Page;
let pageErrors: string[];
const workerUrls: string[] = [];

beforeAll(async () => {
  session = await startBrowserSession("template-limits", { sandboxTimeScale: 0.2 });
  ({ servers, page } = session);
  pageErrors = collectPageErrors(page);
  page.on("worker", (worker) => workerUrls.push(worker.url()));
  await servers.openApp(page, "#/scenarios");
}, 120_000);

afterAll(async () => {
  await session?.close();
});

function hostileScenario(name: string, template: string): Record<string, unknown> & { name: string } {
  return {
    version: 1,
    name,
    task: "chat-completion",
    targets: [{ id: "fast", endpointUrl: "sandbox:/fast/v1", model: "m" }],
    inputs: { template, variables: [{ n: 1 }] },
  };
}

async function checkAndSave(spec: Record<string, unknown>): Promise<void> {
  await page.getByLabel("Or paste scenario JSON").fill(JSON.stringify(spec));
  await page.getByRole("button", { name: "Check and save" }).click();
}

describe("a hostile template in Check and save", () => {
  it("is checked off the main thread: the page answers while it runs, and the error names inputs.template", async () => {
    // A timer of the page's own counts its ticks while the check is shown under way: it ticks only when
    // the main thread is free. (A look every animation frame, fewer of them on a busy machine, once missed
    // the whole window.)
    await page.evaluate(() => {
      const page = window as Window & { ticksWhileChecking?: number };
      page.ticksWhileChecking = 0;
      const timer = setInterval(() => {
        if (document.body.textContent?.includes("Checking the pasted text…") !== true) return;
        page.ticksWhileChecking = (page.ticksWhileChecking ?? 0) + 1;
        if (page.ticksWhileChecking >= 2) clearInterval(timer);
      }, 10);
    });
    // Nested loops that run until the work limit: long enough to watch the page while the worker works.
    await checkAndSave(hostileScenario("nested loops", "{% for i in range(5000) %}{% for j in range(5000) %}{{ j }}{% endfor %}{% endfor %}"));
    // The main thread is free: the page's timer ticked twice while the check was under way, and the
    // textarea takes typing meanwhile.
    await page.waitForFunction(() => ((window as Window & { ticksWhileChecking?: number }).ticksWhileChecking ?? 0) >= 2);
    const textarea = page.getByLabel("Or paste scenario JSON");
    await textarea.press("End");
    await textarea.pressSequentially(" ");
    const problems = page.getByRole("list", { name: "Problems in the scenario" });
    await problems.waitFor({ timeout: 30_000 });
    // Whichever of the template's two bounds comes first stops it: its steps of work, or on a busy machine its time.
    expect(await problems.textContent()).toMatch(/inputs\.template.*(steps of work|takes longer than 3,000 ms)/);
    expect(workerUrls.some((url) => url.includes("scenario-validation.worker"))).toBe(true);
  });

  it("stops range(1e9) and stays usable: another scenario saves right after", async () => {
    await checkAndSave(hostileScenario("a billion", "{% for i in range(n * 1000000000) %}x{% endfor %}"));
    const problems = page.getByRole("list", { name: "Problems in the scenario" });
    await page.getByText("range() of 1,000,000,000 items").waitFor({ timeout: 30_000 });
    expect(await problems.textContent()).toContain("inputs.template");
    await saveScenarioThroughUi(page, {
      version: 1,
      name: "Ordinary template",
      task: "chat-completion",
      targets: [{ id: "fast", endpointUrl: "sandbox:/fast/v1", model: "m" }],
      inputs: { template: "Say {{ word }}", variables: [{ word: "hi" }] },
    });
    expect(pageErrors).toEqual([]);
  });
});
