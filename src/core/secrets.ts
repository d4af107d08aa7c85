// Secrets (the Hugging Face token, any key) never leave the runner inside a record: a server can echo
// them into its answer or its error text. One redaction, applied where records are emitted, covers every
// place records are written (JSONL, CSV, IndexedDB, the screen).
import type { RequestRecord } from "./record";

export const REDACTED = "[redacted]";

/**
 * Shorter strings cannot be real tokens, and replacing them everywhere would mangle records
 * (an HF token is 37 characters).
 */
const MIN_SECRET_LENGTH = 8;

export function redactText(text: string, secrets: readonly string[]): string {
  let redacted = text;
  for (const secret of secrets) {
    if (secret.length >= MIN_SECRET_LENGTH && redacted.includes(secret)) redacted = redacted.split(secret).join(REDACTED);
  }
  return redacted;
}

/** The record with every secret replaced in every text field (output, errorMessage, …). */
export function redactSecrets(record: RequestRecord, secrets: readonly string[]): RequestRecord {
  if (secrets.length === 0) return record;
  const redacted: Record<string, unknown> = { ...record };
  for (const [field, value] of Object.entries(redacted)) {
    if (typeof value === "string") redacted[field] = redactText(value, secrets);
  }
  return redacted as unknown as RequestRecord;
}
