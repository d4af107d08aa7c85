// JSON text parsed, or its syntax error at a line and column with a reason in words. Engines word
// JSON.parse's errors differently (Node 20 gives an offset or nothing, Chromium an offset with a line and
// column, Firefox a line and column), so the place is found here, by one scanner, and the command line
// and the dashboard say the same thing about the same text.
import { positionAt, type SourcePosition } from "./source-position";

export interface JsonSyntaxError extends SourcePosition {
  /** What is wrong there, in words: `expected "," or "}" after a property value`. */
  reason: string;
}

export type JsonParseResult = { ok: true; value: unknown } | { ok: false; error: JsonSyntaxError };

const BYTE_ORDER_MARK = "\uFEFF";

/** Parses JSON text; a leading byte-order mark (an editor's, not the author's) is skipped. */
export function parseJsonText(text: string): JsonParseResult {
  const body = text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch (error) {
    const found = findSyntaxError(body);
    // The scanner agrees with JSON.parse on every valid text; what is left is the engine's own limit (nesting).
    if (found === null) return { ok: false, error: { line: 1, column: 1, reason: (error as Error).message } };
    return { ok: false, error: { ...positionAt(body, found.offset), reason: found.reason } };
  }
}

/** `line 8, column 5: expected "," or "}" after a property value`. */
export function formatJsonSyntaxError(error: JsonSyntaxError): string {
  return `line ${error.line}, column ${error.column}: ${error.reason}`;
}

interface Found {
  offset: number;
  reason: string;
}

/** A character as an error names it: printable ones quoted, the rest (spaces, controls, marks) by code point. */
function describeCharacter(character: string | undefined): string {
  if (character === undefined) return "the end of the text";
  const code = character.codePointAt(0)!;
  const invisible = code < 0x21 || (code >= 0x7f && code <= 0xa0) || code === 0xfeff || (code >= 0x2000 && code <= 0x200f) || (code >= 0x2028 && code <= 0x202f);
  return invisible ? `U+${code.toString(16).toUpperCase().padStart(4, "0")}` : JSON.stringify(character);
}

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);
const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * The first place the text stops being JSON (RFC 8259), or null when it is JSON. Iterative, with its own
 * stack of open brackets, so a deeply nested text cannot overflow the call stack.
 */
function findSyntaxError(text: string): Found | null {
  const open: ("{" | "[")[] = [];
  let at = 0;
  let state: "value" | "key" | "after" = "value";
  let afterComma = false;
  const skipWhitespace = (): void => {
    while (at < text.length && WHITESPACE.has(text[at]!)) at++;
  };
  const unexpected = (where: string): Found => ({ offset: at, reason: `unexpected ${describeCharacter(text[at])} ${where}` });
  for (;;) {
    skipWhitespace();
    const character = text[at];
    if (state === "value") {
      if (character === undefined) return { offset: at, reason: text.trim() === "" ? "the text is empty: no JSON value" : "the text ends where a value is expected" };
      if (afterComma && character === "]") return { offset: at, reason: 'a comma before "]": JSON allows no trailing comma' };
      afterComma = false;
      if (character === "{" || character === "[") {
        open.push(character);
        at++;
        skipWhitespace();
        const closing = character === "{" ? "}" : "]";
        if (text[at] === closing) {
          open.pop();
          at++;
          state = "after";
        } else {
          state = character === "{" ? "key" : "value";
        }
        continue;
      }
      const scanned = character === '"' ? scanString(text, at) : character === "-" || (character >= "0" && character <= "9") ? scanNumber(text, at) : scanLiteral(text, at);
      if (scanned === null) return unexpected("where a value is expected");
      if (typeof scanned !== "number") return scanned;
      at = scanned;
      state = "after";
      continue;
    }
    if (state === "key") {
      if (afterComma && character === "}") return { offset: at, reason: 'a comma before "}": JSON allows no trailing comma' };
      afterComma = false;
      if (character !== '"') return character === undefined ? { offset: at, reason: 'the text ends inside an object (a missing "}"?)' } : unexpected("where a property name in double quotes is expected");
      const scanned = scanString(text, at);
      if (typeof scanned !== "number") return scanned;
      at = scanned;
      skipWhitespace();
      if (text[at] !== ":") return unexpected('where ":" is expected after a property name');
      at++;
      state = "value";
      continue;
    }
    const innermost = open[open.length - 1];
    if (innermost === undefined) return character === undefined ? null : unexpected("after the end of the JSON value");
    if (character === ",") {
      at++;
      afterComma = true;
      state = innermost === "{" ? "key" : "value";
      continue;
    }
    if (character === (innermost === "{" ? "}" : "]")) {
      open.pop();
      at++;
      continue;
    }
    if (character === undefined) return { offset: at, reason: `the text ends inside ${innermost === "{" ? 'an object (a missing "}"?)' : 'an array (a missing "]"?)'}` };
    return { offset: at, reason: innermost === "{" ? `expected "," or "}" after a property value, found ${describeCharacter(character)}` : `expected "," or "]" after an array element, found ${describeCharacter(character)}` };
  }
}

/** The offset just past the string that opens at `start`, or the error inside it. */
function scanString(text: string, start: number): number | Found {
  for (let at = start + 1; at < text.length; at++) {
    const character = text[at]!;
    if (character === '"') return at + 1;
    if (character.charCodeAt(0) < 0x20) return { offset: at, reason: `${describeCharacter(character)} inside a string (a line break or tab must be written \\n or \\t)` };
    if (character !== "\\") continue;
    const escaped = text[at + 1];
    if (escaped === "u") {
      if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) return { offset: at, reason: "a \\u escape needs four hexadecimal digits" };
      at += 5;
    } else if (escaped !== undefined && ESCAPES.has(escaped)) {
      at++;
    } else {
      return { offset: at, reason: `${escaped === undefined ? "a backslash at the end of the text" : `\\${escaped} is not an escape JSON knows`}` };
    }
  }
  return { offset: start, reason: "a string that never ends (a missing closing quote)" };
}

/** The offset just past the number at `start`, or the error in it. */
function scanNumber(text: string, start: number): number | Found {
  NUMBER.lastIndex = start;
  const match = NUMBER.exec(text);
  if (match === null) return { offset: start, reason: "a malformed number" };
  const end = start + match[0].length;
  // A number runs into something that continues it badly: 01, 1., 1e, 1.5.2
  if (/[0-9.eE+-]/.test(text[end] ?? "")) return { offset: end, reason: "a malformed number" };
  return end;
}

/** The offset just past true, false or null at `start`, or null when none is there. */
function scanLiteral(text: string, start: number): number | null {
  for (const literal of ["true", "false", "null"]) if (text.startsWith(literal, start)) return start + literal.length;
  return null;
}
