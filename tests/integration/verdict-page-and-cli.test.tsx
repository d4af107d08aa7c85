// @vitest-environment happy-dom
// One verdict: a run the command line made against the sandbox, shown on the Compare page's verdict panel
// and printed by `analyze`, names the same winners and ties with the same sentences, and its pairs carry the
// same p-values, because both take them from core (core/verdict/objectives.ts).
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseRecordLine, type RequestRecord } from "../../src/core/record";
import { parseScenarioText, type Scenario } from "../../src/core/scenario";
import { summarize, summaryOptionsOf, valueSettingsOf } from "../../src/core/stats";
import { formatPValue, type ObjectiveVerdict } from "../../src/core/verdict";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";
import { VerdictPanel } from "../../src/ui/features/compare/verdict/verdict-panel";
import { runCliInProcess } from "./cli-in-process";
import { runCliProcess } from "./cli-process";

// From this file's own path: under happy-dom, import.meta.url is the page's address, not the file's.
const SCENARIO_PATH = "scenarios/sandbox-chat-streaming.json";
const SCENARIO_FILE = resolve(__dirname, "../..", SCENARIO_PATH);

interface AnalyzePair {
  metric: string;
  a: string;
  b: string;
  pValue: number | null;
}

let sandbox: Sandbox;
let recordsPath: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, timeScale: 0.25 });
  recordsPath = join(mkdtempSync(join(tmpdir(), "providerbench-verdict-")), "run.jsonl");
  // The shipped three-target scenario with prices, checks and an SLO: every objective of the panel is measured.
  const result = await runCliProcess(["run", SCENARIO_PATH, "--jsonl", recordsPath, "--repetitions", "3", "--quiet"], { PROVIDERBENCH_SANDBOX_URL: sandbox.url });
  expect(result.code, result.stderr).toBe(0);
}, 120_000);
afterAll(async () => {
  await sandbox.close();
});
afterEach(cleanup);

function scenarioOfFile(): Scenario {
  const parsed = parseScenarioText(readFileSync(SCENARIO_FILE, "utf8"));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.scenario;
}

function recordsOfFile(): RequestRecord[] {
  const lines = readFileSync(recordsPath, "utf8").split("\n").filter((line) => line.trim() !== "");
  return lines.map((line, index) => {
    const parsed = parseRecordLine(line, index + 1);
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.record;
  });
}

/** The verdict panel as a reader sees it: per objective, its state, the targets named best, the sentence. */
function pageVerdicts(panel: HTMLElement): Pick<ObjectiveVerdict, "objective" | "state" | "best" | "sentence">[] {
  return [...panel.querySelectorAll<HTMLElement>("[data-objective]")].map((item) => ({
    objective: item.dataset.objective as ObjectiveVerdict["objective"],
    state: item.dataset.state as ObjectiveVerdict["state"],
    best: [...item.querySelectorAll<HTMLElement>("[data-target-id]")].map((target) => target.dataset.targetId!),
    sentence: item.querySelector(".pb-verdict-sentence")!.textContent!,
  }));
}

describe("the verdict of one run", () => {
  it("is the same on the Compare page and in analyze: winners, ties, sentences and every pair's p-value", async () => {
    const analyzed = await runCliInProcess(["analyze", recordsPath, "--scenario", SCENARIO_PATH, "--json"]);
    expect(analyzed.code, analyzed.stderr).toBe(0);
    const cli = JSON.parse(analyzed.stdout) as { verdicts: ObjectiveVerdict[]; pairs: AnalyzePair[] };

    const scenario = scenarioOfFile();
    const records = recordsOfFile();
    const targetIds = scenario.targets.map((target) => target.id);
    const rows = summarize(records, targetIds, valueSettingsOf(scenario), summaryOptionsOf(scenario));
    render(<VerdictPanel scenario={scenario} rows={rows} records={records} />);
    const panel = screen.getByTestId("verdict-panel");
    // The paired tests run once the records are read, after the summary has painted.
    await expect.poll(() => panel.querySelector('[data-objective="latency"]')?.getAttribute("data-state")).not.toBe("unavailable");

    // Every objective this scenario measures, judged the same way in both, tied groups in the same order.
    expect(cli.verdicts.map((verdict) => verdict.objective)).toEqual(["ttft", "latency", "cost", "checks", "goodput", "outputTokensPerSecond", "structuredOutput"]);
    expect(pageVerdicts(panel)).toEqual(cli.verdicts.map(({ objective, state, best, sentence }) => ({ objective, state, best, sentence })));
    // The sandbox's three profiles differ on speed and on price: the run has something to call, not only ties.
    expect(cli.verdicts.filter((verdict) => verdict.state === "best").length).toBeGreaterThan(0);

    const details = within(panel).getByTestId("pairwise-details") as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event("toggle"));
    const matrixRows = [...within(panel).getByTestId("pairwise-matrix").querySelectorAll<HTMLElement>("tbody tr[data-pair]")];
    const pageP = matrixRows.map((row) => `${row.dataset.metric} ${row.dataset.pair} ${row.querySelectorAll("td")[2]!.textContent}`);
    const cliP = cli.pairs.map((pair) => `${pair.metric} ${pair.a}:${pair.b} ${pair.pValue === null ? "—" : formatPValue(pair.pValue).replace(/^p /, "")}`);
    expect(pageP.sort()).toEqual(cliP.sort());
    expect(cliP).toHaveLength(9);
  });

  it("prints the same panel as text, titles with their state and the targets named by their labels", async () => {
    const [json, text] = await Promise.all([
      runCliInProcess(["analyze", recordsPath, "--scenario", SCENARIO_PATH, "--json"]),
      runCliInProcess(["analyze", recordsPath, "--scenario", SCENARIO_PATH]),
    ]);
    expect(text.code, text.stderr).toBe(0);
    const verdicts = (JSON.parse(json.stdout) as { verdicts: ObjectiveVerdict[] }).verdicts;
    const labels = new Map(scenarioOfFile().targets.map((target) => [target.id, target.label!]));
    const panel = text.stdout.slice(text.stdout.indexOf("Verdict:\n"), text.stdout.indexOf("Paired comparisons"));
    for (const verdict of verdicts) {
      expect(panel).toContain(`${verdict.title} (`);
      expect(panel).toContain(`    ${verdict.sentence}\n`);
      for (const targetId of verdict.best) expect(panel).toContain(labels.get(targetId)!);
    }
    expect(panel).toContain("p-values are Holm-corrected");
  });
});
