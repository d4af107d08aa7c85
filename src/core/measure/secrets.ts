// Secrets (the Hugging Face token, any key) never leave the runner inside a record: a server can echo
// them into its answer, a structured answer (an entity's word, a label) or its error text. The attempt
// redacts every string it keeps (attempt.ts), before any of them is cut, so neither a whole key nor the
// start of one survives into JSONL, CSV, the bundle, IndexedDB or the screen.

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

/** The fewest characters of a secret's start worth taking out of a cut text's end: shorter ones are its public prefix (`hf_`, `sk-`). */
const MIN_CUT_PREFIX_LENGTH = 4;

/**
 * A text already cut at its end by someone else (an error body's first bytes): redacted, and a start of a
 * secret at its very end taken out too, since the cut may have split the secret in two.
 */
export function redactCutText(text: string, secrets: readonly string[]): string {
  const redacted = redactText(text, secrets);
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    for (let length = Math.min(secret.length - 1, redacted.length); length >= MIN_CUT_PREFIX_LENGTH; length--) {
      if (redacted.endsWith(secret.slice(0, length))) return `${redacted.slice(0, -length)}${REDACTED}`;
    }
  }
  return redacted;
}

/**
 * A parsed answer with every string redacted, object keys included, however deep (a provider's JSON:
 * walked with a list, not recursion). Untouched, and not copied, when no string holds a secret; arrays
 * and plain objects are copied when one does, anything else (a class instance) is kept as it is.
 */
export function redactValue(value: unknown, secrets: readonly string[]): unknown {
  const live = secrets.filter((secret) => secret.length >= MIN_SECRET_LENGTH);
  if (live.length === 0 || !holdsSecret(value, live)) return value;
  type Container = Record<string | number, unknown>;
  const holder: Container = { value };
  const pending: [Container, string | number][] = [[holder, "value"]];
  while (pending.length > 0) {
    const [container, key] = pending.pop()!;
    const item = container[key];
    if (typeof item === "string") {
      container[key] = redactText(item, live);
    } else if (Array.isArray(item)) {
      const copy = item.slice();
      container[key] = copy;
      for (let index = 0; index < copy.length; index++) pending.push([copy as unknown as Container, index]);
    } else if (isPlainObject(item)) {
      // fromEntries defines keys as own data properties: a "__proto__" key stays a key, not a prototype.
      const copy = Object.fromEntries(Object.entries(item).map(([name, member]) => [redactText(name, live), member]));
      container[key] = copy;
      for (const name of Object.keys(copy)) pending.push([copy, name]);
    }
  }
  return holder.value;
}

function holdsSecret(value: unknown, secrets: readonly string[]): boolean {
  const inText = (text: string): boolean => secrets.some((secret) => text.includes(secret));
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (inText(item)) return true;
    } else if (Array.isArray(item)) {
      for (const member of item) if (typeof member === "object" || typeof member === "string") pending.push(member);
    } else if (isPlainObject(item)) {
      for (const [name, member] of Object.entries(item)) {
        if (inText(name)) return true;
        if (typeof member === "object" || typeof member === "string") pending.push(member);
      }
    }
  }
  return false;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
