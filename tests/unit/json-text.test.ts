// JSON syntax errors at a line and column, in words, the same on every engine: one function
// (src/core/text/json-text.ts) for the command line's scenario files and the dashboard's JSON fields.
import { describe, expect, it } from "vitest";
import { formatJsonSyntaxError, parseJsonText } from "../../src/core/text";
import { parseScenarioText } from "../../src/core/scenario";
import { mulberry32 } from "../../src/core/random";

function errorOf(text: string): string {
  const parsed = parseJsonText(text);
  if (parsed.ok) throw new Error("expected a syntax error");
  return formatJsonSyntaxError(parsed.error);
}

/** The bundled-scenario shape, one field per line, with the mistake on line 8 at column 5. */
const BROKEN_SCENARIO = ['{', '  "version": 1,', '  "name": "broken",', '  "task": "chat-completion",', '  "targets": [', '    { "id": "fast", "endpointUrl": "sandbox:/fast/v1", "model": "m" }', '  ],', '    inputs: ["hi"]', '}'].join("\n");

describe("JSON syntax errors", () => {
  it("names the line and column of the mistake, and what is wrong there", () => {
    expect(errorOf(BROKEN_SCENARIO)).toBe('line 8, column 5: unexpected "i" where a property name in double quotes is expected');
    expect(errorOf('{\n  "a": 1,\n}')).toBe('line 3, column 1: a comma before "}": JSON allows no trailing comma');
    expect(errorOf('{\n  "a": 1\n  "b": 2\n}')).toBe('line 3, column 3: expected "," or "}" after a property value, found "\\""');
    expect(errorOf('[1, 2,]')).toBe('line 1, column 7: a comma before "]": JSON allows no trailing comma');
    expect(errorOf('{"a": "one\ntwo"}')).toBe("line 1, column 11: U+000A inside a string (a line break or tab must be written \\n or \\t)");
    expect(errorOf('{"a": "never closed}')).toBe("line 1, column 7: a string that never ends (a missing closing quote)");
    expect(errorOf('{"a": [1, 2}')).toBe('line 1, column 12: expected "," or "]" after an array element, found "}"');
    expect(errorOf('{"a": 01}')).toBe("line 1, column 8: a malformed number");
    expect(errorOf('{"a": tru}')).toBe('line 1, column 7: unexpected "t" where a value is expected');
    expect(errorOf('{"a": 1} x')).toBe('line 1, column 10: unexpected "x" after the end of the JSON value');
    expect(errorOf('{"a": 1')).toBe('line 1, column 8: the text ends inside an object (a missing "}"?)');
    expect(errorOf("   ")).toBe("line 1, column 4: the text is empty: no JSON value");
  });

  it("skips an editor's byte-order mark instead of calling it a token", () => {
    expect(parseJsonText('\uFEFF{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
  });

  it("finds a place for every text JSON.parse refuses, and refuses nothing it takes (seeded mutations)", () => {
    const random = mulberry32(7);
    const source = JSON.stringify({ a: [1, -2.5e3, true, null, "x\\y\u00e9"], b: { c: "d", e: [] }, f: {} }, null, 2);
    const alphabet = ['"', ",", ":", "{", "}", "[", "]", "\\", "\n", " ", "1", "e", "-", ".", "t", "u", "0", "\u0001"];
    for (let trial = 0; trial < 3000; trial++) {
      const at = Math.floor(random() * source.length);
      const removed = random() < 0.5;
      const text = removed ? source.slice(0, at) + source.slice(at + 1) : source.slice(0, at) + alphabet[Math.floor(random() * alphabet.length)]! + source.slice(at);
      let engineAccepts = true;
      try {
        JSON.parse(text);
      } catch {
        engineAccepts = false;
      }
      const parsed = parseJsonText(text);
      expect(parsed.ok, text).toBe(engineAccepts);
      // Our words, never the engine's: a place found by the scanner, not the fallback.
      if (!parsed.ok) expect(parsed.error.reason, text).not.toMatch(/JSON at position|Unexpected token|Unexpected end/);
    }
  });

  it("is what a scenario file's error says (the command line and the dashboard's import alike)", () => {
    const parsed = parseScenarioText(BROKEN_SCENARIO);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors).toEqual([{ path: "", message: 'not valid JSON: line 8, column 5: unexpected "i" where a property name in double quotes is expected' }]);
  });
});
