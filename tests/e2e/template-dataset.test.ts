// A templated scenario fed a 20-row CSV through the editor in Chromium: the file (a BOM, quoted fields,
// an embedded newline, a blank line) is read in the page, every row's input is previewed and checked,
// the scenario is saved and run against the sandbox, and the Compare page offers the 20 inputs.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectPageErrors, saveScenarioThroughUi, startBrowserSession, storedRun, waitForRunToEnd, type BrowserSession } from "./harness";

const TOPICS = Array.from({ length: 20 }, (_, index) => (index === 3 ? "latency, measured" : index === 7 ? "two\nlines" : `topic ${index}`));

/** The CSV as a spreadsheet exports it: a BOM, CRLF, quotes where needed, and a blank line in the middle. */
function csvOfTopics(): string {
  const quote = (value: string): string => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const rows = TOPICS.map((topic, index) => `${quote(topic)},${10 + index}`);
  rows.splice(10, 0, "");
  return `\uFEFFtopic,words\r\n${rows.join("\r\n")}\r\n`;
}

let session: BrowserSession;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  session = await startBrowserSession("e2e-template-dataset", { sandboxTimeScale: 0.1 });
  ({ page } = session);
  pageErrors = collectPageErrors(page);
  await session.servers.openApp(page);
}, 120_000);

afterAll(async () => {
  await session?.close();
});

describe("a templated scenario with a 20-row CSV", () => {
  it("imports the rows through the editor, runs them on three targets, and compares the 20 inputs", async () => {
    const key = await saveScenarioThroughUi(page, {
      version: 1,
      name: "Templated from a CSV",
      task: "chat-completion",
      targets: ["fast", "steady", "slow"].map((profile) => ({ id: profile, endpointUrl: `sandbox:/${profile}/v1`, model: `sandbox-${profile}` })),
      inputs: { template: "In {{ words }} words, explain {{ topic }}.", variables: [{ topic: "placeholder", words: 1 }] },
      parameters: { max_tokens: 8 },
      run: { repetitions: 1, concurrency: 6, perTargetConcurrency: 2 },
    });
    await page.evaluate((hash) => (window.location.hash = hash), `#/edit/${encodeURIComponent(key)}`);
    await page.getByTestId("template-inputs-editor").waitFor();

    await page.getByTestId("dataset-file").setInputFiles({ name: "topics.csv", mimeType: "text/csv", buffer: Buffer.from(csvOfTopics()) });
    await page.getByText("topics.csv: 20 rows").waitFor();
    await page.getByTestId("template-check-ok").filter({ hasText: "20 inputs, every row renders." }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("rendered-input").first().textContent()).toBe("In 10 words, explain topic 0.");

    // Save and run starts the run itself: pressing Run again would start a second one.
    await page.getByTestId("editor-save-and-run").click();
    await page.waitForURL(/#\/run\//);
    const run = await waitForRunToEnd(page, 120_000);
    expect(run.status).toBe("completed");
    expect(run.done).toBe(60);

    const { run: stored, records } = await storedRun(page, run.runId);
    expect(new Set(records.map((record) => record.inputIndex)).size).toBe(20);
    const variables = (stored!.spec.inputs as unknown as { variables: { topic: string; words: string }[] }).variables;
    expect(variables.map((row) => row.topic)).toEqual(TOPICS);

    await page.getByTestId("open-comparison").click();
    const outputs = page.getByTestId("outputs-by-input");
    await outputs.waitFor({ timeout: 30_000 });
    const inputOptions = outputs.getByLabel("Input").locator("option");
    expect(await inputOptions.count()).toBe(20);
    expect(await inputOptions.nth(3).textContent()).toBe("#3 — In 13 words, explain latency, measured.");
    expect(await inputOptions.nth(7).textContent()).toBe("#7 — In 17 words, explain two lines.");
    expect(pageErrors).toEqual([]);
  });
});
