// Outputs of speech recognition and text-to-image side by side on the Compare page, in Chromium under the
// built app's Content-Security-Policy: three transcripts with the word error rate between each pair, and
// two generated images read from the blobs table through object URLs, with their size and format.
// The runs are written into the app's IndexedDB by the test (records with their parsed outputs, the image
// bytes in the blobs table) exactly as a run stores them, so the page is judged on known values.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestRecord } from "../../src/core/record";
import { validateScenario } from "../../src/core/scenario";
import { DATABASE_NAME, type StoredRun } from "../../src/store/db";
import { collectPageErrors, startBrowserSession, type BrowserSession } from "./harness";
import { requestRecord } from "../unit/request-record";

let session: BrowserSession;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  session = await startBrowserSession("e2e-task-outputs", { sandboxTimeScale: 0.2 });
  ({ page } = session);
  pageErrors = collectPageErrors(page);
  await session.servers.openApp(page);
  await seed([storedRunOf("asr-run", "automatic-speech-recognition", ["fast", "steady", "slow"], ["clip.wav"])], [asrRecord("fast", 120), asrRecord("steady", 340), asrRecord("slow", 910)], null);
  const records = IMAGES.map((spec) => requestRecord({ runId: "image-run", targetId: spec.targetId, latencyMs: spec.width * 10, output: null }));
  await seed([storedRunOf("image-run", "text-to-image", ["fast", "steady"], ["a red square"])], records, { runId: "image-run", specs: IMAGES });
}, 120_000);

afterAll(async () => {
  await session?.close();
});

/** A stored run of `task` with these targets (the spec checked as a chat scenario, then given the task). */
function storedRunOf(id: string, task: string, targetIds: string[], inputs: string[]): StoredRun {
  const checked = validateScenario({
    version: 1,
    name: `${task} side by side`,
    task: "chat-completion",
    targets: targetIds.map((targetId) => ({ id: targetId, endpointUrl: `sandbox:/${targetId}/v1`, model: "sandbox-model" })),
    inputs,
  });
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return {
    id,
    scenarioId: null,
    scenarioName: `${task} side by side`,
    spec: { ...checked.scenario, task } as StoredRun["spec"],
    status: "completed",
    startedAt: 1_700_000_000_000,
    finishedAt: 1_700_000_010_000,
    planned: targetIds.length * inputs.length,
    appVersion: "0.1.0",
    libraryVersions: { "@huggingface/inference": "4.13.30" },
    userAgent: "e2e",
    summary: null,
    errorMessage: null,
    replayOfRunId: null,
  } as StoredRun;
}

interface ImageSpec {
  targetId: string;
  width: number;
  height: number;
  color: string;
}

/**
 * Writes runs and records into the app's database from inside the page; each image is drawn on a canvas,
 * encoded as PNG, stored in the blobs table under its sha256 and referenced by its record.
 */
async function seed(runs: StoredRun[], records: RequestRecord[], images: { runId: string; specs: ImageSpec[] } | null): Promise<void> {
  await page.evaluate(
    async ({ databaseName, runs, records, images }) => {
      const blobs: { id: string; runId: string; mimeType: string; data: Blob }[] = [];
      const extraRecords: unknown[] = [];
      for (const spec of images?.specs ?? []) {
        const canvas = new OffscreenCanvas(spec.width, spec.height);
        const context = canvas.getContext("2d")!;
        context.fillStyle = spec.color;
        context.fillRect(0, 0, spec.width, spec.height);
        const png = await canvas.convertToBlob({ type: "image/png" });
        const digest = await crypto.subtle.digest("SHA-256", await png.arrayBuffer());
        const sha256 = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
        blobs.push({ id: sha256, runId: images!.runId, mimeType: "image/png", data: png });
        const template = records.find((record) => record.targetId === spec.targetId && record.runId === images!.runId)!;
        extraRecords.push({ ...template, output: `blob:${sha256}`, outputBytes: png.size, outputValue: { blob: sha256, mime: "image/png", bytes: png.size } });
      }
      const request = indexedDB.open(databaseName);
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        const transaction = db.transaction(["runs", "recordChunks", "blobs"], "readwrite");
        for (const run of runs) transaction.objectStore("runs").put(run);
        const imageTargets = new Set((images?.specs ?? []).map((spec) => spec.targetId));
        // Records as the record store keeps them: one row per run here, in order (store/record-store.ts).
        const byRun = new Map<string, unknown[]>();
        const kept = records.filter((record) => !(images !== null && record.runId === images.runId && imageTargets.has(record.targetId)));
        for (const record of [...kept, ...(extraRecords as RequestRecord[])]) byRun.set(record.runId, [...(byRun.get(record.runId) ?? []), record]);
        for (const [runId, rows] of byRun) transaction.objectStore("recordChunks").add({ runId, first: 0, records: rows });
        for (const blob of blobs) transaction.objectStore("blobs").put(blob);
        await new Promise<void>((resolve, reject) => {
          transaction.oncomplete = () => resolve();
          transaction.onerror = () => reject(transaction.error);
        });
      } finally {
        db.close();
      }
    },
    { databaseName: DATABASE_NAME, runs, records, images },
  );
}

const IMAGES: ImageSpec[] = [
  { targetId: "fast", width: 64, height: 48, color: "#c03030" },
  { targetId: "steady", width: 32, height: 32, color: "#3050c0" },
];

const TRANSCRIPTS: Record<string, string> = {
  fast: "The quick brown fox.",
  steady: "the quick brown box",
  slow: "quick brown fox jumps",
};

function asrRecord(targetId: string, latencyMs: number): RequestRecord {
  const text = TRANSCRIPTS[targetId]!;
  return Object.assign(requestRecord({ runId: "asr-run", targetId, latencyMs, output: text, outputBytes: text.length + 12 }), { outputValue: { text } });
}

async function openComparison(runId: string): Promise<void> {
  await page.goto(session.servers.appUrl(`#/compare/${runId}`));
  await page.getByTestId("outputs-by-input").waitFor();
}

function column(targetId: string) {
  return page.locator(`[data-testid="target-outputs"][data-target-id="${targetId}"]`);
}

describe("task outputs side by side in Chromium", () => {
  it("shows three transcripts side by side with the word error rate between each pair", async () => {
    await openComparison("asr-run");
    for (const [targetId, text] of Object.entries(TRANSCRIPTS)) {
      expect(await column(targetId).getByTestId("text-output").innerText()).toBe(text);
    }
    // Side by side: the three columns share one row at a desktop width.
    const tops = await Promise.all(Object.keys(TRANSCRIPTS).map(async (targetId) => (await column(targetId).boundingBox())!.y));
    expect(new Set(tops).size).toBe(1);
    expect(await column("slow").getByTestId("attempt-output").innerText()).toContain("910");

    const wer = page.locator('[data-testid="agreement-measure"][data-measure-id="agreementWordErrorRate"]');
    await wer.waitFor();
    // Worked out by hand over normalised words (the quick brown fox / the quick brown box / quick brown fox jumps):
    // fast→steady 1 substitution of 4 words; fast→slow 1 deletion + 1 insertion of 4; steady→slow 3 edits of 4.
    const pair = (reference: string, judged: string) => wer.locator(`[data-pair="${reference}→${judged}"]`).innerText();
    expect(await pair("fast", "steady")).toBe("25.0% · n=1");
    expect(await pair("steady", "fast")).toBe("25.0% · n=1");
    expect(await pair("fast", "slow")).toBe("50.0% · n=1");
    expect(await pair("steady", "slow")).toBe("75.0% · n=1");
    expect(await pair("slow", "steady")).toBe("75.0% · n=1");
    // slow judged against fast (50%) and steady (75%) as references: 62.5%.
    expect(await wer.locator('[data-target-mean="slow"]').innerText()).toBe("62.5%");
    expect(pageErrors).toEqual([]);
  });

  it("shows the generated images side by side from the blobs table, with their size and format", async () => {
    const specs = IMAGES;
    await openComparison("image-run");
    for (const spec of specs) {
      const image = column(spec.targetId).getByRole("img", { name: "Generated image, image/png" });
      await image.waitFor();
      expect(await image.getAttribute("src")).toMatch(/^blob:/);
      // Decoded by the browser: the PNG's own size, not the record's word for it.
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(spec.width);
      expect(await column(spec.targetId).getByTestId("image-facts").innerText()).toMatch(new RegExp(`^${spec.width} × ${spec.height} px · image/png · \\d+ B$`));
    }
    const boxes = await Promise.all(specs.map(async (spec) => (await column(spec.targetId).boundingBox())!));
    expect(boxes[0]!.y).toBe(boxes[1]!.y);
    expect(boxes[0]!.x).toBeLessThan(boxes[1]!.x);
    expect(await page.getByTestId("agreement-section").innerText()).toContain("No agreement figure is defined for text-to-image");
    expect(pageErrors).toEqual([]);
  });

  it("keeps the outputs, the agreement tables and the snippets within 390 px", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openComparison("asr-run");
    await column("slow").getByTestId("text-output").waitFor();
    // The snippets open from the keyboard.
    await page.getByTestId("code-snippets").locator("summary").focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("target-snippets").first().waitFor();
    // This change's views stay inside the page's width; a wide table scrolls within its own region.
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="outputs-by-input"] *, [data-testid="agreement-section"] *, [data-testid="snippets-section"] *')]
        .filter((element) => element.closest(".pb-table-scroll") === null && element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .map((element) => `${element.tagName}.${element.className}`),
    );
    expect(wide).toEqual([]);
    // The WER matrix scrolls inside its own region, which the keyboard can reach.
    const region = page.locator('[data-measure-id="agreementWordErrorRate"] [role="region"]');
    expect(await region.getAttribute("tabindex")).toBe("0");
  });
});
