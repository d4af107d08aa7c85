// The scenario library's share link and the resume of a run cut short, in Chromium against the sandbox:
// a link made in one profile opens the same scenario as an unsaved draft in a fresh one, and a run cut
// by a reload is resumed from History, sending only the requests it was missing.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Scenario } from "../../src/core/scenario";
import type { StoredScenario } from "../../src/store/db";
import { launchBrowser, saveScenarioThroughUi, startBrowserSession, startRunInApp, storedRows, storedRun, storedRuns, waitForRunToEnd, type BrowserSession } from "./harness";

let session: BrowserSession;
beforeAll(async () => {
  session = await startBrowserSession("share-resume", { sandboxTimeScale: 0.2 });
});
afterAll(async () => {
  await session?.close();
});

function savedScenarios(page: Page): Promise<StoredScenario[]> {
  return storedRows<StoredScenario>(page, "scenarios");
}

const SHARED = {
  version: 1,
  name: "Shared chat comparison",
  description: "Two sandbox providers, one templated prompt.",
  task: "chat-completion",
  targets: [
    { id: "fast", label: "Fast one", endpointUrl: "sandbox:/fast/v1", model: "sandbox-fast", price: { inputPerMillionTokens: 0.5, outputPerMillionTokens: 1.5 } },
    { id: "steady", endpointUrl: "sandbox:/steady/v1", model: "sandbox-steady" },
  ],
  inputs: { template: "Explain {{ topic }} in {{ words }} words.", variables: [{ topic: "TTFT", words: 20 }, { topic: "goodput", words: 30 }] },
  parameters: { max_tokens: 32, temperature: 0 },
  run: { repetitions: 2, concurrency: 4, stream: true },
};

describe("share link", () => {
  it("opens the same scenario as an unsaved draft in a fresh profile", async () => {
    const { page, servers } = session;
    await servers.openApp(page);
    const key = await saveScenarioThroughUi(page, SHARED);
    const card = page.locator(`[data-scenario-key="${key}"]`);
    await card.getByRole("button", { name: "Share link" }).click();
    const link = await card.getByTestId("share-link").inputValue();
    expect(link).toMatch(/#\/shared\/1\.[A-Za-z0-9_-]+$/);
    const [original] = (await savedScenarios(page)).map((stored) => stored.spec);

    const freshProfile = await mkdtemp(join(tmpdir(), "providerbench-fresh-"));
    const fresh = await launchBrowser(freshProfile);
    try {
      const other = fresh.pages()[0] ?? (await fresh.newPage());
      await other.goto(link);
      const draft = other.locator('[data-scenario-key="draft:shared"]');
      await draft.waitFor({ timeout: 15_000 });
      await expect(draft.getByRole("heading", { level: 3 }).innerText()).resolves.toBe(SHARED.name);
      await expect(draft.getByText("unsaved draft").isVisible()).resolves.toBe(true);
      // A draft: nothing stored in the colleague's browser until Save.
      expect(await savedScenarios(other)).toEqual([]);
      await draft.getByRole("button", { name: "Save" }).click();
      await other.getByText(`Saved “${SHARED.name}”`).waitFor();
      const saved = await savedScenarios(other);
      expect(saved.map((stored) => stored.spec as Scenario)).toEqual([original]);
    } finally {
      await fresh.close();
      await rm(freshProfile, { recursive: true, force: true });
    }
  }, 90_000);
});

const LONG = {
  version: 1,
  name: "Run to be resumed",
  task: "chat-completion",
  targets: [
    { id: "fast", endpointUrl: "sandbox:/fast/v1", model: "m" },
    { id: "steady", endpointUrl: "sandbox:/steady/v1", model: "m" },
  ],
  inputs: ["Count to three.", "Name a colour."],
  parameters: { max_tokens: 8 },
  run: { repetitions: 40, warmup: 1, concurrency: 4, perTargetConcurrency: 2, stream: true },
};
// 2 targets × 2 inputs × 40 repetitions + 2 warm-ups.
const PLANNED = 162;

describe("resume", () => {
  it("finishes a run cut by a reload with only its missing requests, as one run", async () => {
    const { page, servers } = session;
    await servers.openApp(page);
    const key = await saveScenarioThroughUi(page, LONG);
    await startRunInApp(page, key);
    const runId = (await storedRuns(page)).find((run) => run.status === "running")!.id;
    await expect.poll(async () => (await storedRun(page, runId)).records.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(30);
    await page.reload();
    await page.locator("#main").waitFor({ state: "attached" });
    await expect.poll(async () => (await storedRun(page, runId)).run?.status, { timeout: 10_000 }).toBe("interrupted");

    const before = await storedRun(page, runId);
    const done = before.records.filter((record) => record.errorKind !== "aborted");
    expect(done.length).toBeLessThan(PLANNED);
    const sandbox = servers.sandbox;
    const sentBefore = sandbox.inferenceRequests("fast") + sandbox.inferenceRequests("steady");

    await page.evaluate(() => (window.location.hash = "#/history"));
    await page.locator(`[data-testid="history-row"][data-run-id="${runId}"] [data-testid="resume-button"]`).click();
    const finished = await waitForRunToEnd(page, 60_000);
    expect(finished.runId).toBe(runId);
    expect(finished.status).toBe("completed");

    const sent = sandbox.inferenceRequests("fast") + sandbox.inferenceRequests("steady") - sentBefore;
    expect(sent).toBe(PLANNED - done.length);
    const after = await storedRun(page, runId);
    expect(after.run!.status).toBe("completed");
    const keys = after.records.map((record) => `${record.warmup}/${record.targetId}/${record.inputIndex}/${record.repetition}`);
    expect(new Set(keys).size).toBe(PLANNED);
    expect(after.records).toHaveLength(PLANNED);
    expect(after.records.every((record) => record.runId === runId && record.errorKind !== "aborted")).toBe(true);
    const measured = after.run!.summary!.rows.reduce((total, row) => total + row.requests, 0);
    expect(measured).toBe(PLANNED - 2);
  }, 120_000);
});
