// User text shown inside the product's own sentences (a target's label in a verdict, a legend, a table):
// characters that change how the text around them is laid out, rather than being shown, are taken out, so
// a label holding U+202E cannot reverse the words that follow it.

/** Bidi embeddings, overrides, isolates and marks: U+061C, U+200E/F, U+202A–202E, U+2066–2069 (a character class body). */
export const BIDI_CONTROLS = "\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069";

const BIDI_CONTROL = new RegExp(`[${BIDI_CONTROLS}]`, "g");
/** C0 and C1 controls, DEL and the line and paragraph separators: a name is one line. */
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** `text` without bidi controls, its control characters and line breaks as one space each run. */
export function displayText(text: string): string {
  return text.replace(BIDI_CONTROL, "").replace(LINE_BREAKING, " ");
}
