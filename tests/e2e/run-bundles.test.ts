// A run made by the command line on "a server" travels as a bundle into Chromium: imported on History
// (the file picker; another tool's file by drag and drop), it shows where it was made, has the summary the
// bundle's records give, and opens on Compare side by side with a run made in the browser, each named by
// its origin.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readRunFile } from "../../src/core/io/imports";
import type { RequestRecord } from "../../src/core/record";
import { SummaryAccumulator, summaryOptionsOf, valueSettingsOf } from "../../src/core/stats";
import { gunzipSync } from "node:zlib";
import { collectPageErrors, runScenarioInApp, startBrowserSession, storedRun, storedRuns, type BrowserSession } from "./harness";
import { cliArguments } from "../integration/cli-process";

const repoRoot = new URL("../..", import.meta.url).pathname;
const SCENARIO = "scenarios/sandbox-chat-streaming.json";

let session: BrowserSession;
let page: Page;
let pageErrors: string[];
let bundlePath: string;

function runCli(args: string[], sandboxUrl: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, cliArguments(args), { cwd: repoRoot, env: { ...process.env, PROVIDERBENCH_SANDBOX_URL: sandboxUrl } });
    let stderr = "";
    child.stderr.on("data", (data: Buffer) => (stderr += data.toString()));
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

beforeAll(async () => {
  session = await startBrowserSession("e2e-bundles", { sandboxTimeScale: 0.2 });
  ({ page } = session);
  pageErrors = collectPageErrors(page);
  bundlePath = join(session.workDirectory, "server-run.pbrun.json.gz");
  const cli = await runCli(["run", SCENARIO, "--bundle", bundlePath, "--origin", "server-eu", "--quiet"], session.servers.sandbox.url);
  expect(cli.code, cli.stderr).toBe(0);
  await session.servers.openApp(page);
}, 180_000);

afterAll(async () => {
  await session?.close();
});

/** The summary rows this code computes from the bundle's records, as an importing browser stores them. */
async function rowsFromBundle(path: string) {
  let accumulator: SummaryAccumulator | null = null;
  const file = await readRunFile(
    (async function* () {
      yield gunzipSync(readFileSync(path)).toString("utf8");
    })(),
    (record: RequestRecord) => accumulator!.add(record),
    {
      fileName: "server-run.pbrun.json.gz",
      appVersion: "test",
      now: () => 0,
      newRunId: () => "unused",
      onBundleRun: (run) => {
        accumulator = new SummaryAccumulator(valueSettingsOf(run.scenario), summaryOptionsOf(run.scenario));
      },
    },
  );
  return { runId: file.run.id, rows: accumulator!.summarize(file.run.scenario.targets.map((target) => target.id)) };
}

describe("run bundles in Chromium", () => {
  it("imports a command-line bundle on History and compares it with a browser run, labelled by origin", async () => {
    const local = await runScenarioInApp(page, "bundled:sandbox-chat-streaming");
    expect(local.status).toBe("completed");

    await page.evaluate(() => (window.location.hash = "#/history"));
    await page.getByTestId("run-import-input").setInputFiles(bundlePath);
    await page.getByText("Imported", { exact: true }).waitFor();

    const expected = await rowsFromBundle(bundlePath);
    const imported = (await storedRuns(page)).find((run) => run.id === expected.runId);
    expect(imported?.origin).toMatchObject({ label: "server-eu", tool: "providerbench-cli" });
    expect(imported?.imported?.format).toBe("providerbench-bundle");
    // Identical summary numbers: what the browser computed from the records it imported is what Node
    // computes from the bundle's records.
    expect((await storedRun(page, expected.runId)).run?.summary?.rows).toEqual(expected.rows);
    const row = page.locator(`[data-testid="history-row"][data-run-id="${expected.runId}"]`);
    await expect.poll(() => row.getByTestId("run-origin").textContent()).toContain("server-eu");

    await page.evaluate((hash) => (window.location.hash = hash), `#/compare/${encodeURIComponent(expected.runId)}?baseline=${encodeURIComponent(local.runId)}`);
    await page.getByTestId("compare-origin").waitFor();
    expect(await page.getByTestId("compare-origin").textContent()).toContain("server-eu");
    const comparison = page.getByTestId("baseline-comparison");
    await comparison.locator("table th", { hasText: "server-eu" }).first().waitFor();
    expect(await comparison.locator("table th", { hasText: "this browser" }).count()).toBeGreaterThan(0);
    await page.getByTestId("summary-table").waitFor();
  });

  it("imports a vLLM result dropped on History, and refuses a broken one naming the field", async () => {
    await page.evaluate(() => (window.location.hash = "#/history"));
    const drop = async (name: string, text: string): Promise<void> => {
      const dataTransfer = await page.evaluateHandle(
        ({ fileText, fileName }) => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([fileText], fileName, { type: "application/json" }));
          return transfer;
        },
        { fileText: text, fileName: name },
      );
      await page.dispatchEvent('[data-testid="run-import-zone"]', "drop", { dataTransfer });
    };
    const vllm = readFileSync(join(repoRoot, "tests/fixtures/imports/vllm-bench-serve-detailed.json"), "utf8");
    await drop("vllm.json", vllm);
    await page.getByText("Imported", { exact: true }).waitFor();
    const vllmRun = (await storedRuns(page)).find((run) => run.imported?.format === "vllm-bench-serve");
    expect(vllmRun?.scenarioName).toBe("vllm bench serve: meta-llama/Llama-3.1-8B-Instruct");
    expect((await storedRun(page, vllmRun!.id)).records).toHaveLength(6);

    const broken = JSON.parse(vllm) as Record<string, unknown[]>;
    broken.ttfts![1] = "soon";
    await drop("broken.json", JSON.stringify(broken));
    await page.getByText("broken.json could not be imported").waitFor();
    expect(await page.getByRole("alert").filter({ hasText: "could not be imported" }).textContent()).toContain("line 1: ttfts[1]:");
    expect(pageErrors).toEqual([]);
  });
});
