// Cost, checks and goodput in real Chromium, under the built app's Content-Security-Policy: the bundled
// three-profile scenario's checks are judged in the browser's runner (RE2 and the JSON Schema validator
// without eval), the summary table shows cost, pass rate and goodput per target, and the failing outputs
// are one click away.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectPageErrors, runScenarioInApp, startBrowserSession, storedRun, type BrowserSession } from "./harness";

const SCENARIO_KEY = "bundled:sandbox-chat-streaming";
const TARGET_IDS = ["fast", "steady", "slow"];

let session: BrowserSession;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  session = await startBrowserSession("e2e-checks", { sandboxTimeScale: 0.2 });
  ({ page } = session);
  pageErrors = collectPageErrors(page);
  await session.servers.openApp(page);
}, 120_000);

afterAll(async () => {
  await session?.close();
});

/** The text of one summary cell's figure. */
function figure(targetId: string, metricId: string): Promise<string> {
  return page.locator(`[data-testid="summary-row"][data-target-id="${targetId}"] td[data-column="${metricId}"] [data-figure]`).innerText();
}

describe("cost, checks and goodput in Chromium", () => {
  it("judges every answer in the browser and shows the failing ones one click away", async () => {
    const run = await runScenarioInApp(page, SCENARIO_KEY);
    expect(run.status).toBe("completed");

    // Every successful measured answer got a verdict, and it is the one the checks give on its output.
    const { records } = await storedRun(page, run.runId);
    const measured = records.filter((record) => !record.warmup && record.status === "ok");
    expect(measured.length).toBe(36);
    const bareJson = (output: string): boolean => {
      try {
        const answer = (JSON.parse(output) as { answer?: unknown }).answer;
        return typeof answer === "string" && answer.length > 0;
      } catch {
        return false;
      }
    };
    for (const record of measured) expect(record.checksPassed, record.output ?? "").toBe(bareJson(record.output ?? "") && (record.output ?? "").length <= 600);
    const failing = measured.filter((record) => record.checksPassed === false);
    // The fast profile fences about half its JSON: some answers fail, and steady's never do.
    expect(failing.some((record) => record.targetId === "fast")).toBe(true);
    expect(failing.some((record) => record.targetId === "steady")).toBe(false);

    await page.getByTestId("open-comparison").click();
    await page.getByTestId("summary-table").waitFor();
    for (const targetId of TARGET_IDS) {
      expect(await figure(targetId, "costPer1000RequestsUsd")).toMatch(/^[\d.,]+ USD$/);
      expect(await figure(targetId, "checksPassRate")).toMatch(/^[\d.]+%$/);
      expect(await figure(targetId, "goodput")).toMatch(/req\/s$/);
    }
    expect(await figure("steady", "checksPassRate")).toBe("100.0%");

    await page.getByLabel(`Failed checks only (${failing.length})`).click();
    const shown = page.getByTestId("outputs-by-input").getByTestId("attempt-output");
    await expect.poll(() => shown.count()).toBeGreaterThan(0);
    const texts = await shown.locator("pre").allInnerTexts();
    expect(texts.every((text) => text.startsWith("```json"))).toBe(true);
    expect(await page.getByTestId("outputs-by-input").getByTestId("attempt-checks").first().innerText()).toBe("failed: json-answer");
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
