// A new comparison built in Chromium without writing JSON: the task catalogue, the editor, three sandbox
// targets, Save and run, and the results on the Compare page; at a phone's width (390 px), where neither
// the catalogue nor the editor may make the page scroll sideways.
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectPageErrors, startBrowserSession, type BrowserSession } from "./harness";

const ARTIFACTS = resolve(import.meta.dirname, "../../test-artifacts");
const NARROW = { width: 390, height: 844 };
const TARGET_IDS = ["fast", "steady", "slow"];

let session: BrowserSession;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  session = await startBrowserSession("editor", { sandboxTimeScale: 0.2 });
  page = session.page;
  pageErrors = collectPageErrors(page);
  await mkdir(ARTIFACTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await session?.close();
});

async function pageScrollWidth(): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

describe("a new comparison from the task catalogue", () => {
  it("picks chat completion, adds three sandbox targets, runs, and shows the results on the Compare page", async () => {
    await page.setViewportSize(NARROW);
    await session.servers.openApp(page);
    const started = performance.now();
    const steps: string[] = [];
    const step = (name: string): void => void steps.push(`${name}: ${Math.round(performance.now() - started)} ms`);

    await page.getByTestId("new-comparison-link").click();
    // The catalogue: groups by modality, tasks ProviderBench cannot run shown with the reason.
    const chat = page.getByRole("button", { name: /^Chat Completion/ });
    await chat.waitFor();
    expect(await page.getByRole("button", { name: /^Automatic Speech Recognition/ }).count()).toBe(1);
    expect(await page.locator('[data-task="text-to-video"] .task-reason').innerText()).toMatch(/^Unavailable: \S/);
    expect(await pageScrollWidth()).toBeLessThanOrEqual(NARROW.width);
    await page.screenshot({ path: join(ARTIFACTS, "390px-task-catalogue.png"), fullPage: true });
    step("catalogue shown");

    // Picked with the keyboard.
    await chat.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "New comparison" }).waitFor();
    expect(page.url()).toMatch(/#\/edit\?draft=/);
    // The task's demo inputs are filled in.
    expect(await page.getByLabel("Input 1", { exact: true }).inputValue()).toBe("Hi, what can you help me with?");
    step("editor open on a draft");

    const addSandbox = page.getByRole("button", { name: "Add a sandbox target" });
    for (let count = 0; count < TARGET_IDS.length; count += 1) await addSandbox.click();
    const saveAndRun = page.getByTestId("editor-save-and-run");
    await expect.poll(() => saveAndRun.isEnabled(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByTestId("editor-status").innerText()).toContain("The scenario is valid.");
    expect(await pageScrollWidth()).toBeLessThanOrEqual(NARROW.width);
    await page.screenshot({ path: join(ARTIFACTS, "390px-editor.png"), fullPage: true });
    step("three targets added, valid");

    // Save and run runs: the Run page shows the run going, with no second Run button to press.
    await saveAndRun.click();
    await page.getByTestId("run-status").waitFor();
    expect(page.url()).toMatch(/#\/run\/saved%3A/);
    await expect.poll(() => page.getByTestId("run-status").textContent(), { timeout: 60_000 }).toBe("completed");
    step("run completed");

    await page.getByTestId("open-comparison").click();
    await page.getByTestId("summary-table").waitFor();
    const rows = page.getByTestId("summary-row");
    expect(await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute("data-target-id")))).toEqual(TARGET_IDS);
    step("results on the Compare page");
    // How long building and running a three-provider chat comparison takes, step by step.
    console.log(`new comparison, picker to results:\n  ${steps.join("\n  ")}`);
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
