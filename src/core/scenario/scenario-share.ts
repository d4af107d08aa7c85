// A scenario as a file (export) and as a link's fragment (share): the same JSON text, never a secret.
// The link carries `1.` + base64url(deflate-raw(JSON)), with the platform's CompressionStream (Chromium,
// Node 20): no library, and the fragment never reaches a server. Opening a link is hostile input: its
// length and its inflated size are bounded before anything is parsed, and the scenario is validated.
import { readAtMost } from "../endpoints/bounded-read";
import { formatJsonSyntaxError, parseJsonText } from "../text/json-text";
import type { Scenario, ScenarioError } from "./types";

const LINK_FORMAT_VERSION = "1";
/** A fragment longer than this is refused before it is decoded (browsers take ~2 MB URLs; chat apps far less). */
export const MAX_SHARE_PAYLOAD_CHARS = 200_000;
/** Inflated JSON past this is refused while inflating: a small link must not expand into the tab's memory. */
export const MAX_SHARED_SCENARIO_BYTES = 2 * 1024 * 1024;

/** The scenario file's text: defaults applied, two-space JSON (a link carries it without the spaces). */
export function scenarioFileText(scenario: Scenario, layout: "file" | "compact" = "file"): string {
  return layout === "file" ? `${JSON.stringify(scenario, null, 2)}\n` : JSON.stringify(scenario);
}

export class SecretInScenarioError extends Error {}

/**
 * A scenario's text for leaving the browser (a file, a link). Its schema has no field for a key, so no
 * key should be in it; should one be pasted into a name or a prompt, the export is refused rather than
 * carrying it, since the person may not notice.
 */
export function shareableScenarioText(scenario: Scenario, secrets: readonly string[], layout: "file" | "compact" = "file"): string {
  const text = scenarioFileText(scenario, layout);
  // The minimum length of a secret worth looking for is secrets.ts's: shorter strings are not real keys.
  if (secrets.some((secret) => secret.length >= 8 && text.includes(secret))) {
    throw new SecretInScenarioError("this scenario contains one of your keys (in a name, a prompt or a parameter): remove it before sharing or exporting");
  }
  return text;
}

/** The link fragment's payload for this scenario text. */
export async function encodeSharePayload(scenarioText: string): Promise<string> {
  const compressed = await pipeThrough(new TextEncoder().encode(scenarioText), new CompressionStream("deflate-raw"), Infinity);
  return `${LINK_FORMAT_VERSION}.${toBase64Url(compressed)}`;
}

export type SharedScenarioResult = { ok: true; scenario: Scenario; text: string } | { ok: false; errors: ScenarioError[] };

/**
 * A link's payload back into a scenario: its fields checked (the caller checks templates, which need
 * the template engine, off the page's thread). Every failure is an error, never a throw.
 */
export async function decodeSharePayload(payload: string): Promise<SharedScenarioResult> {
  const refuse = (message: string): SharedScenarioResult => ({ ok: false, errors: [{ path: "", message: `share link: ${message}` }] });
  if (payload.length > MAX_SHARE_PAYLOAD_CHARS) return refuse(`longer than ${MAX_SHARE_PAYLOAD_CHARS.toLocaleString("en-US")} characters`);
  const dot = payload.indexOf(".");
  if (dot < 0 || payload.slice(0, dot) !== LINK_FORMAT_VERSION) return refuse("not a ProviderBench scenario link (or from a newer version)");
  const bytes = fromBase64Url(payload.slice(dot + 1));
  if (bytes === null) return refuse("the scenario part is not base64url text (was the link cut or changed?)");
  let inflated: Uint8Array;
  try {
    inflated = await pipeThrough(bytes, new DecompressionStream("deflate-raw"), MAX_SHARED_SCENARIO_BYTES);
  } catch (error) {
    if (error instanceof TooLargeError) return refuse(`the scenario inflates past ${MAX_SHARED_SCENARIO_BYTES / 1024 / 1024} MiB`);
    return refuse("the scenario does not decompress (was the link cut or changed?)");
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(inflated);
  } catch {
    return refuse("the scenario is not UTF-8 text");
  }
  const parsed = parseJsonText(text);
  if (!parsed.ok) return refuse(`the scenario is not JSON text: ${formatJsonSyntaxError(parsed.error)}`);
  const json = parsed.value;
  // Loaded here, not at the top: the share button on the first screen encodes with this module, and the
  // field check brings zod and every task's schema with it.
  const { checkScenarioShape } = await import("./scenario");
  const checked = checkScenarioShape(json);
  return checked.ok ? { ok: true, scenario: checked.scenario, text } : checked;
}

class TooLargeError extends Error {}

/** Bytes through a (de)compression stream, stopped as soon as the output passes `maxBytes`. */
async function pipeThrough(input: Uint8Array, transform: CompressionStream | DecompressionStream, maxBytes: number): Promise<Uint8Array> {
  const writer = transform.writable.getWriter();
  // Not awaited: the writes complete only as the reader drains; their failure shows on the reader too.
  writer.write(input as Uint8Array<ArrayBuffer>).catch(() => undefined);
  writer.close().catch(() => undefined);
  return readAtMost(transform.readable, maxBytes, () => new TooLargeError());
}

const BASE64URL_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const BASE64URL_VALUES = new Map([...BASE64URL_ALPHABET].map((character, index) => [character, index]));

/** RFC 4648 §5 without padding (btoa over a binary string would need a string as long as the bytes, twice). */
export function toBase64Url(bytes: Uint8Array): string {
  let text = "";
  for (let index = 0; index < bytes.length; index += 3) {
    const triple = (bytes[index]! << 16) | ((bytes[index + 1] ?? 0) << 8) | (bytes[index + 2] ?? 0);
    const characters = Math.min(4, Math.ceil(((bytes.length - index) * 8) / 6));
    for (let position = 0; position < characters; position++) text += BASE64URL_ALPHABET[(triple >> (18 - 6 * position)) & 63];
  }
  return text;
}

/** Null when the text is not base64url (or has a length no encoding produces). */
export function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((text.length * 6) / 8));
  let buffer = 0;
  let bits = 0;
  let written = 0;
  for (const character of text) {
    const value = BASE64URL_VALUES.get(character);
    if (value === undefined) return null;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[written++] = (buffer >> bits) & 0xff;
    }
  }
  return bytes;
}
