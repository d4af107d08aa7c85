// `run --resume <records.jsonl>`: the records file of a run cut short, read back (twice, line by line, so
// a large file is never held whole) into the plan of what is missing and the records the summary keeps.
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { expandInputs } from "../core/inputs";
import { RUN_FILE_LIMITS } from "../core/imports/run-file";
import { parseRecordLine } from "../core/record-line";
import type { RequestRecord } from "../core/record";
import { ResumeLedger, resumeRefusal, supersededAbort, type ResumePlan } from "../core/resume-plan";
import type { Scenario } from "../core/scenario";
import { textLines } from "../core/text-lines";

/** A records file that cannot be resumed from: reported before anything is sent, as bad input. */
export class ResumeProblem extends Error {}

export interface ResumedRun {
  plan: ResumePlan;
  /** Hands over the file's records that stay part of the run (every one but the superseded aborts). */
  replay(onRecord: (record: RequestRecord) => void): Promise<void>;
}

export async function readResumedRun(path: string, scenario: Scenario): Promise<ResumedRun> {
  const refusal = resumeRefusal(scenario);
  if (refusal !== null) throw new ResumeProblem(`--resume ${path}: ${refusal}`);
  const expanded = expandInputs(scenario);
  if (!expanded.ok) throw new ResumeProblem(`--resume ${path}: the scenario's inputs do not expand`);
  await refuseCutLastLine(path);
  const ledger = new ResumeLedger(scenario, expanded.inputs.length);
  await forEachRecord(path, (record, lineNumber) => {
    const problem = ledger.add(record);
    if (problem !== null) throw new ResumeProblem(`--resume ${path}: line ${lineNumber}: ${problem} (is this the scenario the run was made with?)`);
  });
  const plan = ledger.plan();
  if (plan === null) throw new ResumeProblem(`--resume ${path}: no records, nothing to resume: run the scenario without --resume`);
  return {
    plan,
    replay: (onRecord) =>
      forEachRecord(path, (record) => {
        if (!supersededAbort(plan, record)) onRecord(record);
      }),
  };
}

async function forEachRecord(path: string, onRecord: (record: RequestRecord, lineNumber: number) => void): Promise<void> {
  let lineNumber = 0;
  try {
    for await (const line of textLines(createReadStream(path, { encoding: "utf8" }) as AsyncIterable<string>, RUN_FILE_LIMITS)) {
      lineNumber++;
      if (line.trim() === "") continue;
      const parsed = parseRecordLine(line, lineNumber);
      if (!parsed.ok) throw new ResumeProblem(`--resume ${path}: ${parsed.message}`);
      onRecord(parsed.record, lineNumber);
    }
  } catch (error) {
    if (error instanceof ResumeProblem) throw error;
    throw new ResumeProblem(`--resume ${path}: cannot read it: ${(error as Error).message}`);
  }
}

/** New lines are appended: a last line without its newline (a killed writer) would merge with the first of them. */
async function refuseCutLastLine(path: string): Promise<void> {
  let handle;
  try {
    handle = await open(path, "r");
  } catch (error) {
    throw new ResumeProblem(`--resume ${path}: cannot read it: ${(error as Error).message}`);
  }
  try {
    const { size } = await handle.stat();
    if (size === 0) return;
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    if (last[0] !== 0x0a) throw new ResumeProblem(`--resume ${path}: the last line is cut (no newline at its end): remove it, then resume`);
  } finally {
    await handle.close();
  }
}
