// JSON as the command line writes it: indented, with what a terminal could misread escaped inside strings.
/** Controls and bidi overrides, as terminal-safe.ts lists them: in JSON only inside strings, where \uXXXX is the same character. */
const TERMINAL_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function jsonText(value: unknown): string {
  const json = JSON.stringify(value, null, 2).replace(TERMINAL_UNSAFE, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return `${json}\n`;
}
