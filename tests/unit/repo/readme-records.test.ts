// The README's record field list is what the files hold: every field of RECORD_FIELDS, in file order, and
// no other; the fields it calls required on input are the ones a reader refuses a file without.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RECORD_FIELDS, parseRecordValue } from "../../../src/core/record";

const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");

function recordsSection(): string {
  const start = readme.indexOf("### Records\n");
  const end = readme.indexOf("\n## ", start);
  expect(start).toBeGreaterThan(-1);
  return readme.slice(start, end);
}

/** The field names inside the list's backticks, in order: `a, b` (epoch ms)`, c` reads a, b, c. */
function listedFields(): string[] {
  const list = recordsSection().split("\n\n")[1]!;
  const quoted = [...list.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
  return quoted.flatMap((text) => text.split(",").map((name) => name.trim())).filter((name) => /^[a-zA-Z][a-zA-Z0-9]*$/.test(name) && !["ok", "error", "maxOutputChars"].includes(name));
}

describe("README: records", () => {
  it("lists every record field in file order, and the count it states", () => {
    expect(listedFields()).toEqual([...RECORD_FIELDS]);
    expect(recordsSection()).toContain(`(${RECORD_FIELDS.length} fields;`);
  });

  it("names the first 19 fields as the required ones, and a reader needs exactly those", () => {
    const required = RECORD_FIELDS.slice(0, 19);
    expect(recordsSection()).toContain(`the first 19 fields, \`${required[0]}\`\nto \`${required[18]}\`, are required`);
    const complete = Object.fromEntries(required.map((field) => [field, field === "status" ? "ok" : field === "warmup" || field === "tokensEstimated" ? false : field.endsWith("Id") || field === "output" || field === "errorMessage" || field === "errorKind" ? (field === "errorKind" ? null : "x") : 1]));
    expect(parseRecordValue(complete, 1)).toMatchObject({ ok: true });
    for (const field of required) {
      const { [field]: _left, ...without } = complete;
      expect(parseRecordValue(without, 1).ok, `${field} is required`).toBe(false);
    }
  });
});
