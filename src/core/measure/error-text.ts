// The words of an error's message as a record keeps them: the provider's own, read from its answer, and
// any text flattened to one bounded line (a table cell, a CSV column).

const MAX_PROVIDER_MESSAGE_CHARS = 240;

/**
 * The provider's own words from an error answer: an OpenAI `{ error: { message } }`, a TGI
 * `{ error: "…" }`, a FastAPI `{ detail }`, a `{ message }`, or the trimmed text of a non-JSON body.
 */
export function providerMessage(body: unknown): string | null {
  if (typeof body === "string") {
    const text = body.trim();
    if (text === "") return null;
    if (text.startsWith("{")) {
      try {
        return providerMessage(JSON.parse(text) as unknown) ?? oneLine(text, MAX_PROVIDER_MESSAGE_CHARS);
      } catch {
        // Not JSON after all (or cut short): the text itself.
      }
    }
    return oneLine(text, MAX_PROVIDER_MESSAGE_CHARS);
  }
  if (typeof body !== "object" || body === null) return null;
  const fields = body as { error?: unknown; detail?: unknown; message?: unknown };
  const nested = typeof fields.error === "object" && fields.error !== null ? (fields.error as { message?: unknown }).message : undefined;
  for (const candidate of [nested, fields.error, fields.detail, fields.message]) {
    if (typeof candidate === "string" && candidate.trim() !== "") return oneLine(candidate, MAX_PROVIDER_MESSAGE_CHARS);
  }
  return null;
}

/** One line (no CR, LF, U+2028/2029/0085 or other controls), at most `max` characters. */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/[\s\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim();
  if (flat.length <= max) return flat;
  let cut = max - 1;
  // Never split a surrogate pair.
  if (/[\uD800-\uDBFF]/.test(flat[cut - 1] ?? "")) cut--;
  return `${flat.slice(0, cut)}…`;
}
