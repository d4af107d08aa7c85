// The one JSONL serialiser: every JSONL line ProviderBench writes goes through it.
// JSON.stringify leaves U+0085, U+2028 and U+2029 raw inside strings; many line readers (Python's
// splitlines, editors, some JSONL tools) break lines there, splitting one record into several. Escaped,
// they read back as the same characters and every record is exactly one line.
const LINE_BREAKERS = /[\u0085\u2028\u2029]/g;
const HAS_LINE_BREAKER = /[\u0085\u2028\u2029]/;

function escapeLineBreakers(json: string): string {
  return json.replace(LINE_BREAKERS, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export function toJsonLine(value: unknown): string {
  return `${escapeLineBreakers(JSON.stringify(value))}\n`;
}

/**
 * The line toJsonLine writes for an object with exactly these keys in this order (a missing or undefined
 * value written as null), without building that object: the keys are quoted once, and each value is
 * written by its type. The hot path of a long run writes one such line per request.
 */
export function jsonLineWriter<K extends string>(keys: readonly K[]): (value: Readonly<Partial<Record<K, unknown>>>) => string {
  const prefixes = keys.map((key, index) => `${index === 0 ? "{" : ","}${escapeLineBreakers(JSON.stringify(key))}:`);
  if (keys.length === 0) return () => "{}\n";
  // Consecutive lines repeat most of their values (the run id, the target, the status, nulls, small
  // counts): each key keeps its last value's text, reused when the next value is the same primitive.
  const lastValues: unknown[] = keys.map(() => undefined);
  const lastTexts: string[] = keys.map((key, index) => prefixes[index]! + jsonValue(undefined));
  return (value) => {
    let line = "";
    for (let index = 0; index < keys.length; index++) {
      const field = value[keys[index]!];
      if (field !== lastValues[index] || (typeof field === "object" && field !== null)) {
        lastValues[index] = field;
        lastTexts[index] = prefixes[index]! + jsonValue(field);
      }
      line += lastTexts[index]!;
    }
    return `${line}}\n`;
  };
}

function jsonValue(value: unknown): string {
  if (value === null || value === undefined) return "null";
  switch (typeof value) {
    case "number":
      // As JSON.stringify: the shortest round-trip text; NaN and ±Infinity are null.
      return Number.isFinite(value) ? String(value) : "null";
    case "boolean":
      return value ? "true" : "false";
    case "string": {
      const json = JSON.stringify(value);
      return HAS_LINE_BREAKER.test(value) ? escapeLineBreakers(json) : json;
    }
    default: {
      // Nested values (none in a record today) and whatever JSON.stringify leaves out (a function) as null.
      const json = JSON.stringify(value) as string | undefined;
      return json === undefined ? "null" : escapeLineBreakers(json);
    }
  }
}
