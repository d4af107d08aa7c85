// Every value a snippet holds, written as a literal of the snippet's language, so a prompt, a model id, a
// URL or a file name from a scenario (written by anyone) is data when the snippet is pasted into a shell
// or an interpreter, never code. One writer per language; no value is placed in a snippet any other way.

/** A POSIX shell word: inside single quotes nothing is special but the quote itself, written '\'' (close, escaped quote, reopen). */
export function shellQuoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * A Python literal of a JSON value. A JSON string is a valid Python string literal (JSON's escapes are
 * Python's, and JSON escapes every quote, backslash and line break); true, false and null are Python's
 * True, False and None. Nested values are indented from `indent` spaces.
 */
export function pythonLiteral(value: unknown, indent = 0): string {
  return literal(value, indent, { key: (name) => JSON.stringify(name), primitive: pythonPrimitive });
}

/**
 * A JavaScript literal of a JSON value: JSON's own text (a string JSON writes is a valid JS string, line and
 * paragraph separators included since ES2019), except a `__proto__` key, which an object literal would take
 * for the prototype: it is written as a computed key, a plain property like JSON's.
 */
export function jsLiteral(value: unknown, indent = 0): string {
  return literal(value, indent, { key: (name) => (name === "__proto__" ? `["__proto__"]` : JSON.stringify(name)), primitive: (item) => JSON.stringify(item) });
}

function pythonPrimitive(value: unknown): string {
  if (value === true) return "True";
  if (value === false) return "False";
  if (value === null) return "None";
  return JSON.stringify(value);
}

interface LiteralSyntax {
  key(name: string): string;
  primitive(value: unknown): string;
}

/** A parsed JSON value (a request body or an input): nested a few levels at most, so written by recursion. */
function literal(value: unknown, indent: number, syntax: LiteralSyntax): string {
  const inner = " ".repeat(indent + 4);
  const outer = " ".repeat(indent);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((item) => `${inner}${literal(item, indent + 4, syntax)},`).join("\n")}\n${outer}]`;
  }
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) return "{}";
    return `{\n${entries.map(([name, item]) => `${inner}${syntax.key(name)}: ${literal(item, indent + 4, syntax)},`).join("\n")}\n${outer}}`;
  }
  return syntax.primitive(value);
}
