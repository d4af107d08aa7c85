// The run bundle (`.pbrun.json.gz`): one run in one file, to move it between machines and browsers. The
// gzip holds one JSON document laid out one record per line, so it is written and read a line at a time
// (a million records never sit in memory as one string) and is still plain JSON to any other tool:
//
//   {"format":"providerbench-run-bundle","formatVersion":1,"run":{…},"records":[
//   {record},
//   …
//   {record}
//   ],"tail":{…}}
//
// `run` is what is known when the run starts (scenario snapshot, versions, origin); `tail` what is known
// when it ends (status, end time, record count, binary outputs). docs/architecture.md describes each field.
import { z } from "zod";
import { checkScenarioShape, priceSchema, type Scenario, type TargetPrice } from "../../scenario";
import { formatPath } from "../../text";
import { serverScrapeSchema, type ServerScrape } from "../../server-metrics";
import { runValiditySchema, type RunValidity } from "../../validity";
import { RUN_TOOLS, type RunOrigin } from "./origin";

export const BUNDLE_FORMAT = "providerbench-run-bundle";
/** Bumped when a reader of the previous version could misread a new file; readers refuse newer versions by name. */
export const BUNDLE_FORMAT_VERSION = 1;
export const BUNDLE_FILE_SUFFIX = ".pbrun.json.gz";

/**
 * Binary outputs (a record's output "blob:<id>") travel as metadata; their bytes only when at most this
 * big, base64 in the tail: small images or audio clips come along, large ones would swell every bundle.
 */
export const INLINE_BLOB_LIMIT_BYTES = 64 * 1024;

/**
 * The inline bytes of one bundle together: the tail is one line, which readers bound (RUN_FILE_LIMITS:
 * 256 Mi characters), so at most 96 MiB (128 Mi characters of base64) travel; later ones as metadata.
 */
export const INLINE_BLOBS_TOTAL_LIMIT_BYTES = 96 * 1024 * 1024;

/** Decides, blob by blob in the order given, which travel inline: each small enough, all within the total. */
export function inlineBlobBudget(): (sizeBytes: number) => boolean {
  let inlineBytes = 0;
  return (sizeBytes) => {
    if (sizeBytes > INLINE_BLOB_LIMIT_BYTES || inlineBytes + sizeBytes > INLINE_BLOBS_TOTAL_LIMIT_BYTES) return false;
    inlineBytes += sizeBytes;
    return true;
  };
}

export const BUNDLE_RUN_STATUSES = ["completed", "aborted", "interrupted", "failed"] as const;
export type BundleRunStatus = (typeof BUNDLE_RUN_STATUSES)[number];

export interface BundleRun {
  id: string;
  scenarioName: string;
  /** The scenario exactly as it ran, defaults applied. */
  scenario: Scenario;
  /** Wall clock when the run started, epoch ms. */
  startedAt: number;
  /** Requests the plan held (warm-ups included, retries not). */
  planned: number;
  appVersion: string;
  libraryVersions: Record<string, string>;
  origin: RunOrigin;
  replayOfRunId: string | null;
  /**
   * The prices the run was made with and where they came from (a run comparing every provider of a model:
   * the router's list, read when): a replay months later shows cost at then-prices. Absent from bundles
   * written before it, and from runs whose prices are the scenario's own (the scenario holds those).
   */
  prices?: RunPrice[];
}

/** One target's price as the run used it, with its source. */
export interface RunPrice {
  targetId: string;
  provider: string;
  /** The price put in the scenario; null: "no price" (`reason` says why), never a price of 0. */
  price: TargetPrice | null;
  reason?: string;
  /** The look-up the listed price came from (its name, address and read time); null when it could not be read. */
  source: PriceSource | null;
}

export interface PriceSource {
  lookup: string;
  url: string;
  /** ISO 8601. */
  readAt: string;
}

export interface BundleBlob {
  id: string;
  mimeType: string;
  sizeBytes: number;
  /** The bytes, base64, when sizeBytes ≤ INLINE_BLOB_LIMIT_BYTES; else null (metadata only). */
  base64: string | null;
}

export interface BundleTail {
  status: BundleRunStatus;
  /** Wall clock when the run ended, epoch ms; null when it never finished (interrupted). */
  finishedAt: number | null;
  errorMessage: string | null;
  /** How many record lines the file holds: a file cut short is told apart from a short run. */
  recordCount: number;
  blobs: BundleBlob[];
  /** The scrapes of the endpoints' metrics pages (run.serverMetrics, docs/server-metrics.md); absent without them and in older bundles. */
  serverMetrics?: ServerScrape[];
  /** Whether the client could have limited the run's figures (docs/metrics.md "Validity"): the command line's or the browser's certificate; absent in older bundles. */
  validity?: RunValidity;
}

export const originSchema = z.strictObject({
  label: z.string().min(1).max(200).nullable(),
  tool: z.enum(RUN_TOOLS),
  toolVersion: z.string().max(200).nullable(),
  host: z.string().max(255).nullable(),
  userAgent: z.string().max(1000).nullable(),
}) satisfies z.ZodType<RunOrigin>;

const epochMs = z.number().finite().nonnegative();

/** The scenario is checked by the scenario's own rules, its errors reported under `run.scenario`. */
const scenarioSnapshotSchema = z.unknown().transform((value, context) => {
  const checked = checkScenarioShape(value);
  if (checked.ok) return checked.scenario;
  for (const error of checked.errors) context.addIssue({ code: "custom", message: error.path ? `${error.path}: ${error.message}` : error.message });
  return z.NEVER;
});

export const runPriceSchema = z.strictObject({
  targetId: z.string().min(1).max(200),
  provider: z.string().min(1).max(200),
  price: priceSchema.nullable(),
  reason: z.string().max(1000).optional(),
  source: z
    .strictObject({
      lookup: z.string().min(1).max(200),
      url: z.string().max(2000),
      readAt: z.iso.datetime({ offset: true }),
    })
    .nullable(),
}) satisfies z.ZodType<RunPrice>;

export const bundleRunSchema = z.strictObject({
  id: z.string().min(1).max(200),
  scenarioName: z.string(),
  scenario: scenarioSnapshotSchema,
  startedAt: epochMs,
  planned: z.number().int().nonnegative(),
  appVersion: z.string(),
  libraryVersions: z.record(z.string(), z.string()),
  origin: originSchema,
  replayOfRunId: z.string().nullable(),
  prices: z.array(runPriceSchema).max(10_000).optional(),
});

export const bundleTailSchema = z.strictObject({
  status: z.enum(BUNDLE_RUN_STATUSES),
  finishedAt: epochMs.nullable(),
  errorMessage: z.string().nullable(),
  recordCount: z.number().int().nonnegative(),
  blobs: z.array(
    z.strictObject({
      id: z.string().min(1),
      mimeType: z.string(),
      sizeBytes: z.number().int().nonnegative(),
      base64: z.string().nullable(),
    }),
  ),
  serverMetrics: z.array(serverScrapeSchema).optional(),
  validity: runValiditySchema.optional(),
}) satisfies z.ZodType<BundleTail>;

/** `run.scenario: targets[0].id: required`: the first problem, named by its path under `prefix`. */
export function firstIssue(error: z.ZodError, prefix: string): string {
  const issue = error.issues[0]!;
  const unknownKey = issue.code === "unrecognized_keys" ? issue.keys[0] : undefined;
  const path = formatPath([...issue.path, ...(unknownKey !== undefined ? [unknownKey] : [])]);
  const field = [prefix, path].filter((part) => part !== "").join(".");
  const message = unknownKey !== undefined ? "unknown field" : issue.message;
  return field === "" ? message : `${field}: ${message}`;
}
