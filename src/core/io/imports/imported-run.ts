// What every import shares: a record with the fields another tool does not measure left empty, a target id
// from a model name, the scenario an imported run is shown with, and the error kinds read from their errors.
import { type ErrorKind, type RequestRecord, UNMEASURED_FIELDS } from "../../record";
import { checkScenarioShape, formatScenarioErrors, type Scenario } from "../../scenario";
import type { Task } from "../../tasks";
import { toolName, type RunTool } from "../bundle/origin";

/** A file another tool wrote that cannot be read: the message names the line (or JSON path) and the field. */
export class ImportProblem extends Error {}

type Measured = Pick<RequestRecord, "runId" | "targetId" | "inputIndex" | "startedAt" | "latencyMs" | "status">;

/** A record of an imported request: what the tool measured, every other field empty (null, 0, false). */
export function importedRecord(measured: Measured & Partial<RequestRecord>): RequestRecord {
  return {
    repetition: 0,
    attempt: 1,
    warmup: false,
    ...UNMEASURED_FIELDS,
    // An imported run is one stage.
    stage: 0,
    timeToFirstAnswerTokenMs: null,
    timeToSecondTokenMs: null,
    lastTokenMs: null,
    outputChunkCount: null,
    chunkGapMeanMs: null,
    chunkGapP50Ms: null,
    chunkGapP99Ms: null,
    maxChunkGapMs: null,
    chunkGapHistogram: null,
    reasoningTokens: null,
    reasoningTokensEstimated: null,
    ...measured,
  };
}

/** "meta-llama/Llama-3.1-8B-Instruct" → "meta-llama_Llama-3.1-8B-Instruct": a valid target id (scenario/schema.ts). */
export function targetIdFor(name: string): string {
  const id = name.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^[^A-Za-z0-9]+/, "").slice(0, 64);
  return id === "" ? "imported" : id;
}

/** UTF-8 bytes of a text: what an import can say of the size of an answer whose body it never saw. */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * The scenario an imported run is stored and shown with: its targets named after the models, no prompts
 * (the other tools' files do not keep them), and an address that says it is unknown (`.invalid` is
 * reserved: nothing answers there).
 */
export function importedScenario(options: { tool: RunTool; fileName: string; task: Task; targets: { id: string; label: string; endpointUrl?: string | null }[]; concurrency?: number | null }): Scenario {
  const checked = checkScenarioShape({
    version: 1,
    name: `${toolName(options.tool)}: ${options.targets.map((target) => target.label).join(", ")}`,
    description: `Imported from ${options.fileName} (${toolName(options.tool)}): its requests are the records; the prompts were not in the file.`,
    task: options.task,
    targets: options.targets.map((target) => ({ id: target.id, label: target.label, endpointUrl: target.endpointUrl ?? "http://unknown.invalid/v1", model: target.label })),
    inputs: [`(the prompts are not in the ${toolName(options.tool)} file)`],
    run: { stream: options.task !== "feature-extraction", concurrency: Math.min(1024, Math.max(1, Math.round(options.concurrency ?? 1))) },
  });
  if (!checked.ok) throw new ImportProblem(`cannot describe the imported run as a scenario: ${formatScenarioErrors(checked.errors)}`);
  return checked.scenario;
}

/**
 * The error kind of docs/metrics.md for an HTTP status, or, without one, from the words of the error
 * (exception class names and reason phrases the tools write).
 */
export function errorKindOf(httpStatus: number | null, message: string): ErrorKind {
  if (httpStatus === 429) return "rate_limited";
  if (httpStatus !== null && httpStatus >= 500 && httpStatus <= 599) return "http_5xx";
  if (httpStatus === 499 || /cancel/i.test(message)) return "aborted";
  if (httpStatus !== null && httpStatus >= 400 && httpStatus <= 499) return "http_4xx";
  if (/timeout|timed out/i.test(message)) return "timeout";
  if (/too many requests/i.test(message)) return "rate_limited";
  if (/internal server error|bad gateway|service unavailable|gateway timeout/i.test(message)) return "http_5xx";
  if (/bad request|unauthorized|forbidden|not found|unprocessable/i.test(message)) return "http_4xx";
  if (/never received a valid chunk|decode|json/i.test(message)) return "bad_response";
  return "network";
}

/** The HTTP status a reason phrase names (vLLM keeps only aiohttp's `response.reason`), or null. */
export function statusOfReason(message: string): number | null {
  const phrases: [RegExp, number][] = [
    [/^too many requests$/i, 429],
    [/^internal server error$/i, 500],
    [/^bad gateway$/i, 502],
    [/^service unavailable$/i, 503],
    [/^gateway timeout$/i, 504],
    [/^bad request$/i, 400],
    [/^unauthorized$/i, 401],
    [/^forbidden$/i, 403],
    [/^not found$/i, 404],
    [/^unprocessable entity$/i, 422],
  ];
  return phrases.find(([pattern]) => pattern.test(message.trim()))?.[1] ?? null;
}

/** Milliseconds to the microsecond, as measured records keep them. */
export function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/** The first record's start (no spread: a million arguments would overflow the stack); null for none. */
export function earliestStart(records: readonly Pick<RequestRecord, "startedAt">[]): number | null {
  let earliest: number | null = null;
  for (const record of records) if (earliest === null || record.startedAt < earliest) earliest = record.startedAt;
  return earliest;
}
