// Redaction of a parsed answer (src/core/measure/secrets.ts): every string and key, at any depth, without recursion.
import { describe, expect, it } from "vitest";
import { redactCutText, redactValue } from "../../src/core/measure";

const KEY = "sk-ENDPOINTKEY-0123456789abcdef";

describe("redactValue", () => {
  it("redacts every string and key, and leaves numbers, booleans and the original value alone", () => {
    const answer = [{ word: KEY, score: 0.5, found: true, nested: { [`label ${KEY}`]: [KEY, 1, null] } }];
    expect(redactValue(answer, [KEY])).toEqual([{ word: "[redacted]", score: 0.5, found: true, nested: { "label [redacted]": ["[redacted]", 1, null] } }]);
    expect(answer[0]!.word).toBe(KEY);
  });

  it("returns the same value, not a copy, when no string holds a secret", () => {
    const answer = { labels: ["POSITIVE"], scores: [0.9] };
    expect(redactValue(answer, [KEY])).toBe(answer);
  });

  it("keeps a `__proto__` key a key, and walks a value nested a hundred thousand deep without overflowing the stack", () => {
    const parsed = JSON.parse(`{"__proto__": "${KEY}"}`) as unknown;
    const redacted = redactValue(parsed, [KEY]) as Record<string, unknown>;
    expect(Object.getPrototypeOf(redacted)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(redacted, "__proto__")?.value).toBe("[redacted]");
    let deep: unknown = KEY;
    for (let level = 0; level < 100_000; level++) deep = [deep];
    let inner = redactValue(deep, [KEY]);
    for (let level = 0; level < 100_000; level++) inner = (inner as unknown[])[0];
    expect(inner).toBe("[redacted]");
  });
});

describe("redactCutText", () => {
  it("takes out the start of a secret that a cut left at the end, and keeps text that merely ends like one", () => {
    expect(redactCutText(`error: Bearer ${KEY.slice(0, 12)}`, [KEY])).toBe("error: Bearer [redacted]");
    expect(redactCutText(`error: Bearer ${KEY} and more`, [KEY])).toBe("error: Bearer [redacted] and more");
    // Three characters are the key's public prefix, not the key.
    expect(redactCutText("use an sk-", [KEY])).toBe("use an sk-");
  });
});
