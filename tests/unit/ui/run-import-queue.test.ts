// Importing a folder of run files: in name order, one at a time with progress, a bad file reported by
// name while the others are still imported.
import { describe, expect, it } from "vitest";
import { NotARunFile } from "../../../src/core/io/imports";
import { importFilesInTurn, runFilesOf, type ImportProgress } from "../../../src/ui/features/history/run-import-queue";

const named = (...names: string[]) => names.map((name) => ({ name }));

describe("runFilesOf", () => {
  it("keeps run files in natural name order and lists the rest as left out", () => {
    const { files, skipped } = runFilesOf(named("night-10.pbrun.json.gz", "README.md", "night-2.pbrun.json.gz", "night-1.jsonl", ".DS_Store", "vllm.json"));
    expect(files.map((file) => file.name)).toEqual(["night-1.jsonl", "night-2.pbrun.json.gz", "night-10.pbrun.json.gz", "vllm.json"]);
    expect(skipped).toEqual([".DS_Store", "README.md"]);
  });
});

describe("importFilesInTurn", () => {
  it("imports one file at a time, reports progress, and goes on past a bad file naming it", async () => {
    const files = named("a.gz", "b.gz", "c.gz");
    let inFlight = 0;
    const progress: ImportProgress<string>[] = [];
    const outcomes = await importFilesInTurn(
      files,
      async (file) => {
        inFlight++;
        expect(inFlight).toBe(1);
        await Promise.resolve();
        inFlight--;
        if (file.name === "b.gz") throw new Error("line 3: latencyMs: expected a number");
        return `run of ${file.name}`;
      },
      (step) => progress.push(step),
    );
    expect(outcomes).toEqual([
      { fileName: "a.gz", ok: true, value: "run of a.gz" },
      { fileName: "b.gz", ok: false, message: "line 3: latencyMs: expected a number" },
      { fileName: "c.gz", ok: true, value: "run of c.gz" },
    ]);
    expect(progress.map((step) => [step.done, step.total, step.current])).toEqual([
      [0, 3, "a.gz"],
      [1, 3, "b.gz"],
      [2, 3, "c.gz"],
      [3, 3, null],
    ]);
    expect(progress[2]!.outcomes.map((outcome) => outcome.ok)).toEqual([true, false]);
  });

  it("marks a file recognised as not a run, so it is left out rather than reported as broken", async () => {
    const outcomes = await importFilesInTurn(
      named("night-01.pbrun.json.gz", "nights.json"),
      async (file) => {
        if (file.name === "nights.json") throw new NotARunFile("simulate-nightly's summary of each night's gate, not a run");
        return "run";
      },
      () => undefined,
    );
    expect(outcomes).toEqual([
      { fileName: "night-01.pbrun.json.gz", ok: true, value: "run" },
      { fileName: "nights.json", ok: false, message: "simulate-nightly's summary of each night's gate, not a run", notARun: true },
    ]);
  });
});
