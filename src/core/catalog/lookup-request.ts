// One GET of a Hugging Face catalogue (the Hub's model API, the router's model list): the token only where
// the existing rule lets it go, the answer read within a bound, parsed as JSON and checked against the
// documented shape. Every way it can fail is one error naming the look-up, and the field when the shape is
// wrong: the answer comes from the network, so nothing in it is trusted or filled in.
import type { z } from "zod";
import { readAtMost } from "../endpoints";
import { hubAccessToken, scopedFetch } from "../run";
import { displayText, formatPath } from "../text";

/** The three look-ups, named as a row's sources name them. */
export type CatalogLookupName = "hub-provider-mapping" | "router-models" | "hub-model-search";

/** Where one value of the providers table came from, and when it was read. */
export interface ValueSource {
  lookup: CatalogLookupName;
  /** The address read (no token in it: the token travels in a header). */
  url: string;
  /** ISO 8601, from the caller's clock (`now`). */
  readAt: string;
}

/** What every look-up takes from its caller: the app's or the run's fetch, the token, the clock. */
export interface LookupOptions {
  fetch: typeof fetch;
  /** The Hugging Face token, or nothing: every look-up here also answers without one (public models). */
  accessToken?: string | undefined;
  /** The time a look-up is stamped with, as an ISO 8601 string (tests pass a fixed one). */
  now: () => string;
  signal?: AbortSignal | undefined;
}

export type LookupFailure =
  /** No answer at all: offline, DNS, TLS, refused, aborted. */
  | "network"
  /** An answer, not 2xx. */
  | "http"
  | "too-large"
  | "not-json"
  /** JSON, but not the documented shape. */
  | "invalid";

export class CatalogLookupError extends Error {
  override name = "CatalogLookupError";
  constructor(
    readonly lookup: CatalogLookupName,
    readonly failure: LookupFailure,
    message: string,
    /** The HTTP status of an answer that was not 2xx; null otherwise. */
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** Issues named in one error at most: the first ones say where the shape went wrong. */
const ISSUES_SHOWN = 3;
/** Bytes of an error answer read for its message: enough for any `{ "error": … }`. */
const ERROR_BODY_BYTES = 64 * 1024;
const ERROR_TEXT_CHARS = 300;

export interface JsonLookup<T> {
  value: T;
  source: ValueSource;
}

/**
 * GETs `url` and returns its JSON checked by `schema`, stamped with the read time. The token goes with it
 * only as the run's credential rule lets it (scopedFetch: huggingface.co hosts over https) and only when it
 * is a Hugging Face token (`hf_…`), as @huggingface/inference itself decides for the Hub: a provider's own
 * key kept in HF_TOKEN is never shown to the Hub.
 */
export async function getCatalogJson<Schema extends z.ZodType>(
  lookup: CatalogLookupName,
  url: string,
  schema: Schema,
  maxBytes: number,
  options: LookupOptions,
): Promise<JsonLookup<z.output<Schema>>> {
  const token = hubAccessToken(options.accessToken);
  const headers: Record<string, string> = { accept: "application/json" };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const send = scopedFetch(options.fetch, { kind: "huggingface" });
  let response: Response;
  try {
    response = await send(url, { method: "GET", headers, signal: options.signal ?? null });
  } catch (error) {
    throw new CatalogLookupError(lookup, "network", `${describeLookup(lookup, url)} could not be read: ${messageOf(error)}`);
  }
  if (!response.ok) throw await httpError(lookup, url, response);
  const text = await readBody(lookup, url, response, maxBytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CatalogLookupError(lookup, "not-json", `${describeLookup(lookup, url)} answered with something that is not JSON`);
  }
  const checked = schema.safeParse(json);
  if (!checked.success) throw shapeError(lookup, url, checked.error.issues);
  return { value: checked.data, source: { lookup, url, readAt: options.now() } };
}

/** An error naming the first fields (from the root of the answer, or of `at`) that are not as documented. */
export function shapeError(lookup: CatalogLookupName, url: string, issues: readonly z.core.$ZodIssue[], at: readonly PropertyKey[] = []): CatalogLookupError {
  const named = issues.slice(0, ISSUES_SHOWN).map((issue) => {
    const path = formatPath([...at, ...issue.path]);
    return `${path === "" ? "(the whole answer)" : path}: ${issue.message}`;
  });
  const more = issues.length > ISSUES_SHOWN ? ` (and ${issues.length - ISSUES_SHOWN} more)` : "";
  return new CatalogLookupError(lookup, "invalid", `${describeLookup(lookup, url)} is not in the documented shape: ${named.join("; ")}${more}`);
}

export function describeLookup(lookup: CatalogLookupName, url: string): string {
  const what = lookup === "hub-provider-mapping" ? "the Hub's provider mapping" : lookup === "router-models" ? "the router's model list" : "the Hub's model search";
  return `${what} (${url})`;
}

async function readBody(lookup: CatalogLookupName, url: string, response: Response, maxBytes: number): Promise<string> {
  if (response.body === null) return "";
  try {
    const bytes = await readAtMost(response.body, maxBytes, () => new CatalogLookupError(lookup, "too-large", `${describeLookup(lookup, url)} is larger than ${maxBytes} bytes: not read`));
    return new TextDecoder().decode(bytes);
  } catch (error) {
    if (error instanceof CatalogLookupError) throw error;
    throw new CatalogLookupError(lookup, "network", `${describeLookup(lookup, url)} was cut off: ${messageOf(error)}`);
  }
}

/** The status and, when the body says it, the server's own reason (`{ "error": "…" }` or `{ "error": { "message": "…" } }`). */
async function httpError(lookup: CatalogLookupName, url: string, response: Response): Promise<CatalogLookupError> {
  let reason = "";
  try {
    const text = response.body === null ? "" : new TextDecoder().decode(await readAtMost(response.body, ERROR_BODY_BYTES, () => new Error("too long")));
    reason = serverReason(text);
  } catch {
    // The status alone says enough.
  }
  const hint = response.status === 401 || response.status === 403 ? " (a private or gated model needs a Hugging Face token that may read it)" : "";
  const said = reason === "" ? "" : `: ${reason}`;
  return new CatalogLookupError(lookup, "http", `${describeLookup(lookup, url)} answered HTTP ${response.status}${said}${hint}`, response.status);
}

function serverReason(text: string): string {
  let said: unknown = text;
  try {
    const json: unknown = JSON.parse(text);
    const error = typeof json === "object" && json !== null ? (json as { error?: unknown }).error : undefined;
    said = typeof error === "string" ? error : typeof error === "object" && error !== null ? (error as { message?: unknown }).message : undefined;
  } catch {
    // Plain text: said as it came.
  }
  if (typeof said !== "string") return "";
  const line = displayText(said).trim();
  return line.length > ERROR_TEXT_CHARS ? `${line.slice(0, ERROR_TEXT_CHARS)}…` : line;
}

function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message || error.name : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
  return displayText(`${message}${cause}`);
}
