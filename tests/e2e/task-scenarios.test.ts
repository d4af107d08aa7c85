// The bundled speech-recognition and text-to-image scenarios run in the dashboard against the sandbox, as a
// newcomer would run them: the WAV inputs fetched from the app's assets, the answers parsed, the generated
// images kept in the blobs table, and on the Compare page three transcripts and three images side by side,
// with the word error rate between the transcripts. (task-outputs.test.ts checks the same views on
// hand-made records whose figures are known exactly.)
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { synthesizeSpeech } from "../../src/sandbox/media";
import { collectPageErrors, runScenarioInApp, startBrowserSession, storedRun, waitForRunToEnd, type BrowserSession } from "./harness";

const TARGETS = ["fast", "steady", "slow"];

let session: BrowserSession;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  session = await startBrowserSession("e2e-task-scenarios", { sandboxTimeScale: 0.2 });
  ({ page } = session);
  pageErrors = collectPageErrors(page);
  await session.servers.openApp(page);
}, 120_000);

afterAll(async () => {
  await session?.close();
});

/** The summary table's columns and the verdict's rows, as the Compare page shows them for this run. */
async function defaultView(): Promise<{ columns: string[]; objectives: string[] }> {
  await page.getByTestId("verdict-panel").waitFor();
  await page.getByTestId("summary-table").waitFor();
  const columns = await page.locator('[data-testid="summary-table"] thead th').evaluateAll((headers) => headers.map((header) => header.getAttribute("data-column") ?? ""));
  const objectives = await page.locator("[data-objective]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-objective") ?? ""));
  return { columns, objectives };
}

/** Default columns a bare run of these scenarios (no stream, price, check, SLO or open loop) could not fill. */
const UNMEASURED_COLUMNS = ["ttftP50Ms", "outputTokensPerSecondP50", "costPer1000RequestsUsd", "checksPassRate", "sloAttainment", "goodput", "droppedRequests"];

function column(targetId: string) {
  return page.locator(`[data-testid="target-outputs"][data-target-id="${targetId}"]`);
}

async function runBundled(key: string): Promise<string> {
  const run = await runScenarioInApp(page, key, 120_000);
  expect(run.status).toBe("completed");
  expect(run.failedRequests).toBe(0);
  await page.evaluate((hash) => (window.location.hash = hash), `#/compare/${encodeURIComponent(run.runId)}`);
  await page.getByTestId("outputs-by-input").waitFor({ timeout: 60_000 });
  return run.runId;
}

describe("the bundled task scenarios in Chromium", () => {
  it("transcribes the bundled recordings on three targets: transcripts side by side, with their word error rates", async () => {
    const runId = await runBundled("bundled:sandbox-speech-recognition");
    const { records } = await storedRun(page, runId);
    const measured = records.filter((record) => !record.warmup);
    expect(measured).toHaveLength(3 * 3 * 3);
    // A transcript is text: it is the record's output (outputValue keeps timestamped chunks when sent).
    for (const record of measured) expect(record.status === "ok" && (record.output ?? "").length > 0).toBe(true);

    const transcripts = await Promise.all(TARGETS.map((targetId) => column(targetId).getByTestId("text-output").first().innerText()));
    for (const transcript of transcripts) expect(transcript.trim().length).toBeGreaterThan(0);
    const tops = await Promise.all(TARGETS.map(async (targetId) => (await column(targetId).boundingBox())!.y));
    expect(new Set(tops).size).toBe(1);

    const wer = page.locator('[data-testid="agreement-measure"][data-measure-id="agreementWordErrorRate"]');
    await wer.waitFor();
    for (const reference of TARGETS) {
      for (const judged of TARGETS.filter((other) => other !== reference)) {
        // Each pair over the three recordings: a percentage and the inputs it stands on.
        expect(await wer.locator(`[data-pair="${reference}→${judged}"]`).innerText()).toMatch(/^\d+(\.\d)?% · n=3$/);
      }
    }
    // It opens on what a speech run measures: its real-time factor, and no TTFT row or empty column.
    const view = await defaultView();
    expect(view.columns).toEqual(expect.arrayContaining(["latencyP50Ms", "realTimeFactorP50"]));
    for (const id of UNMEASURED_COLUMNS) expect(view.columns).not.toContain(id);
    expect(view.objectives).toEqual(["latency"]);
    expect(await page.locator('[data-testid="summary-row"][data-target-id="fast"] [data-column="realTimeFactorP50"] [data-figure]').innerText()).toMatch(/^\d/);
    expect(pageErrors).toEqual([]);
  }, 240_000);

  it("generates images on three targets and shows them side by side, decoded from the blobs table", async () => {
    await runBundled("bundled:sandbox-text-to-image");
    for (const targetId of TARGETS) {
      const image = column(targetId).getByRole("img", { name: /^Generated image/ }).first();
      await image.waitFor();
      expect(await image.getAttribute("src")).toMatch(/^blob:/);
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
      expect(await column(targetId).getByTestId("image-facts").first().innerText()).toMatch(/^\d+ × \d+ px · image\/png · /);
    }
    const tops = await Promise.all(TARGETS.map(async (targetId) => (await column(targetId).boundingBox())!.y));
    expect(new Set(tops).size).toBe(1);
    const view = await defaultView();
    expect(view.columns).toEqual(expect.arrayContaining(["latencyP50Ms", "latencyPerImageP50Ms"]));
    for (const id of UNMEASURED_COLUMNS) expect(view.columns).not.toContain(id);
    expect(view.objectives).toEqual(["latency"]);
    expect(pageErrors).toEqual([]);
  }, 240_000);

  it("takes a WAV of one's own in the editor for the bundled speech scenario, stores it by hash and transcribes it on every target", async () => {
    // A recording the sandbox can "hear" (its WAV writer notes the words); any other file gets a stable answer.
    const words = "my own recording of a cat asleep on a warm mat";
    const wav = synthesizeSpeech(words, 0.3);
    await page.evaluate((hash) => (window.location.hash = hash), `#/edit/${encodeURIComponent("bundled:sandbox-speech-recognition")}`);
    const picker = page.getByLabel("A file of your own for input 1");
    await picker.setInputFiles({ name: "mine.wav", mimeType: "audio/wav", buffer: wav });
    await page.getByText(`mine.wav (${wav.length.toLocaleString("en-US")} bytes) is stored in this browser`).waitFor();
    const saveAndRun = page.getByTestId("editor-save-and-run");
    await expect.poll(() => saveAndRun.isEnabled(), { timeout: 20_000 }).toBe(true);
    // Save and run starts the run itself: pressing Run again would start a second one.
    await saveAndRun.click();
    const run = await waitForRunToEnd(page, 120_000);
    expect(run.status).toBe("completed");
    expect(run.failedRequests).toBe(0);

    const { run: stored, records } = await storedRun(page, run.runId);
    expect(stored!.spec.inputs).toHaveLength(3);
    expect((stored!.spec.inputs as { file: string }[])[0]!.file).toMatch(/^sha256:[0-9a-f]{64}$/);
    const transcripts = records.filter((record) => !record.warmup && record.inputIndex === 0).map((record) => record.output ?? "");
    expect(transcripts).toHaveLength(3 * 3);
    // The profiles mishear a word now and then (their output noise), never the whole recording.
    for (const transcript of transcripts) expect(transcript.split(" ").filter((word) => words.split(" ").includes(word)).length).toBeGreaterThan(5);
    expect(pageErrors).toEqual([]);
  }, 240_000);
});
