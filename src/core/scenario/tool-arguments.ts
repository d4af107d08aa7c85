// Whether a tool call's arguments are the ones a toolCall expectation names: exactly, or as a subset
// (every named key present with a matching value, nested objects alike; arrays match item by item).

/** `actual` is the call's parsed arguments; `expected` the expectation's. */
export function argumentsMatch(actual: unknown, expected: Readonly<Record<string, unknown>>, match: "subset" | "exact"): boolean {
  return match === "exact" ? sameJson(actual, expected) : containsJson(actual, expected);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function sameJson(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((item, index) => sameJson(actual[index], item));
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return false;
    const keys = Object.keys(expected);
    return keys.length === Object.keys(actual).length && keys.every((key) => Object.hasOwn(actual, key) && sameJson(actual[key], expected[key]));
  }
  return actual === expected;
}

function containsJson(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((item, index) => containsJson(actual[index], item));
  if (isPlainObject(expected)) return isPlainObject(actual) && Object.keys(expected).every((key) => Object.hasOwn(actual, key) && containsJson(actual[key], expected[key]));
  return actual === expected;
}
