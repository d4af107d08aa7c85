// Reading a run bundle a line at a time (format.ts shows the layout): the head checked first, then every
// record handed on as it is read (never all held), then the tail. Every problem names the line and field.
import { parseRecordValue, type RequestRecord } from "../../record";
import { BUNDLE_FORMAT, BUNDLE_FORMAT_VERSION, bundleRunSchema, bundleTailSchema, firstIssue, type BundleRun, type BundleTail } from "./format";

/** A bundle that cannot be read: the message names the line and the field. */
export class BundleProblem extends Error {}

const HEAD_END = ',"records":[';
const TAIL_START = '],"tail":';

/** True when this first line opens a run bundle (format detection reads no further). */
export function isBundleHeadLine(line: string): boolean {
  return line.startsWith(`{"format":"${BUNDLE_FORMAT}"`);
}

export interface ReadBundle {
  run: BundleRun;
  tail: BundleTail;
}

/**
 * `lines` from the decompressed file; `onRecord` may return a promise to slow the reading down (a database
 * write). `onRun` hears the run (its scenario: prices, SLO) before the first record.
 */
export async function readRunBundle(lines: AsyncIterable<string>, onRecord: (record: RequestRecord) => void | Promise<void>, onRun?: (run: BundleRun) => void): Promise<ReadBundle> {
  let lineNumber = 0;
  let run: BundleRun | null = null;
  let tail: BundleTail | null = null;
  let records = 0;
  for await (const line of lines) {
    lineNumber++;
    if (tail !== null) {
      if (line.trim() === "") continue;
      throw new BundleProblem(`line ${lineNumber}: text after the tail: a bundle ends with its tail line`);
    }
    if (run === null) {
      run = parseHead(line);
      onRun?.(run);
      continue;
    }
    if (line.startsWith(TAIL_START)) {
      tail = parseTail(line, lineNumber, records);
      continue;
    }
    const record = parseRecord(line, lineNumber, run.id);
    records++;
    await onRecord(record);
  }
  if (run === null) throw new BundleProblem("the file is empty");
  if (tail === null) throw new BundleProblem(`line ${lineNumber}: the file ends without its tail line (${records} records read): it was cut short`);
  return { run, tail };
}

function parseHead(line: string): BundleRun {
  if (!isBundleHeadLine(line) || !line.endsWith(HEAD_END)) {
    throw new BundleProblem(`line 1: not a ProviderBench run bundle (expected {"format":"${BUNDLE_FORMAT}", … ,"records":[ on the first line)`);
  }
  let head: { formatVersion?: unknown; run?: unknown };
  try {
    head = JSON.parse(`${line.slice(0, -HEAD_END.length)}}`) as typeof head;
  } catch (error) {
    throw new BundleProblem(`line 1: not JSON (${(error as Error).message})`);
  }
  if (typeof head.formatVersion !== "number") throw new BundleProblem("line 1: formatVersion: required (a number)");
  if (head.formatVersion > BUNDLE_FORMAT_VERSION) {
    throw new BundleProblem(`line 1: formatVersion: ${head.formatVersion} is newer than this ProviderBench reads (${BUNDLE_FORMAT_VERSION}): update ProviderBench`);
  }
  if (head.formatVersion !== BUNDLE_FORMAT_VERSION) throw new BundleProblem(`line 1: formatVersion: ${head.formatVersion} is not a bundle version (1 is the first)`);
  const checked = bundleRunSchema.safeParse(head.run);
  if (!checked.success) throw new BundleProblem(`line 1: ${firstIssue(checked.error, "run")}`);
  return checked.data;
}

function parseRecord(line: string, lineNumber: number, runId: string): RequestRecord {
  const text = line.endsWith(",") ? line.slice(0, -1) : line;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new BundleProblem(`line ${lineNumber}: not JSON (${(error as Error).message})`);
  }
  const parsed = parseRecordValue(json, lineNumber);
  if (!parsed.ok) throw new BundleProblem(parsed.message);
  if (parsed.record.runId !== runId) throw new BundleProblem(`line ${lineNumber}: runId: "${parsed.record.runId}" is not this bundle's run "${runId}"`);
  return parsed.record;
}

function parseTail(line: string, lineNumber: number, records: number): BundleTail {
  let json: { tail?: unknown };
  try {
    json = JSON.parse(`{${line.slice(2)}`) as typeof json;
  } catch (error) {
    throw new BundleProblem(`line ${lineNumber}: not JSON (${(error as Error).message})`);
  }
  const checked = bundleTailSchema.safeParse(json.tail);
  if (!checked.success) throw new BundleProblem(`line ${lineNumber}: ${firstIssue(checked.error, "tail")}`);
  if (checked.data.recordCount !== records) {
    throw new BundleProblem(`line ${lineNumber}: tail.recordCount: says ${checked.data.recordCount} records, the file holds ${records}`);
  }
  return checked.data;
}
