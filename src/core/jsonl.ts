// The one JSONL serialiser: every JSONL line ProviderBench writes goes through it.
// JSON.stringify leaves U+0085, U+2028 and U+2029 raw inside strings; many line readers (Python's
// splitlines, editors, some JSONL tools) break lines there, splitting one record into several. Escaped,
// they read back as the same characters and every record is exactly one line.
const LINE_BREAKERS = /[\u0085\u2028\u2029]/g;

export function toJsonLine(value: unknown): string {
  const json = JSON.stringify(value).replace(LINE_BREAKERS, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return `${json}\n`;
}
