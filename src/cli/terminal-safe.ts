// Text that came from a scenario file or a server reaches the terminal only with its control characters
// made visible: an escape sequence in a scenario name could otherwise clear the screen, retitle the
// window, move the cursor to rewrite earlier lines, or reverse text to hide what it says.

import { BIDI_CONTROLS } from "../core/text";

/** C0 and C1 controls (tab and newline kept: they only lay text out), DEL, bidi controls and line separators. */
const CONTROL_CHARACTERS = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u2028\\u2029${BIDI_CONTROLS}]`, "g");

/** `\x1b[31m` shows as the six characters `\x1b[31m`; `\u202e` as `\u202e`. */
export function terminalSafe(text: string): string {
  return text.replace(CONTROL_CHARACTERS, (character) => {
    const code = character.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}
