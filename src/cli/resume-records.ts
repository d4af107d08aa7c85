// `run --resume <records.jsonl>`: the records file of a run cut short, read back (twice, line by line, so
// a large file is never held whole) into the plan of what is missing and the records the summary keeps.
import { createReadStream } from "node:fs";
import { expandInputs, type Scenario } from "../core/scenario";
import { RUN_FILE_LIMITS } from "../core/io/imports";
import { parseRecordLine, type RequestRecord } from "../core/record";
import { ResumeLedger, resumeRefusal, supersededAbort, type ResumePlan } from "../core/run";
import { textLines } from "../core/io";
import { trimTornLastLine } from "./torn-line";

/** A records file that cannot be resumed from: reported before anything is sent, as bad input. */
export class ResumeProblem extends Error {}

export interface ResumedRun {
  plan: ResumePlan;
  /** Hands over the file's records that stay part of the run (every one but the superseded aborts). */
  replay(onRecord: (record: RequestRecord) => void): Promise<void>;
  /** What was done to the file before resuming, in sentences (a torn last line cut away). */
  notes: string[];
}

export async function readResumedRun(path: string, scenario: Scenario): Promise<ResumedRun> {
  const refusal = resumeRefusal(scenario);
  if (refusal !== null) throw new ResumeProblem(`--resume ${path}: ${refusal}`);
  const expanded = expandInputs(scenario);
  if (!expanded.ok) throw new ResumeProblem(`--resume ${path}: the scenario's inputs do not expand`);
  const notes = await cutTornLastLine(path);
  const ledger = new ResumeLedger(scenario, expanded.inputs.length);
  await forEachRecord(path, (record, lineNumber) => {
    const problem = ledger.add(record);
    if (problem !== null) throw new ResumeProblem(`--resume ${path}: line ${lineNumber}: ${problem} (is this the scenario the run was made with?)`);
  });
  const plan = ledger.plan();
  if (plan === null) throw new ResumeProblem(`--resume ${path}: no records, nothing to resume: run the scenario without --resume`);
  return {
    plan,
    notes,
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

/**
 * New lines are appended: a last line without its line break (a full disk, a killed writer) would merge
 * with the first of them, and it is not a whole record. It is cut away, and said.
 */
async function cutTornLastLine(path: string): Promise<string[]> {
  let torn;
  try {
    torn = await trimTornLastLine(path);
  } catch (error) {
    throw new ResumeProblem(`--resume ${path}: cannot read it: ${(error as Error).message}`);
  }
  if (torn === null) return [];
  return [`${path}: line ${torn.lineNumber} was cut short (${torn.removedBytes} bytes without a line break at the end of the file, e.g. a full disk): removed before resuming`];
}
