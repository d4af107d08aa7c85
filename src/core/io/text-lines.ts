// Text arriving in pieces (a decompressed file, a stream) cut into lines, so a file of any size is read a
// line at a time and never held whole. "\n" and "\r\n" both end a line; a last line without one counts.
// The work is linear in the text: each piece is searched once, and a line that spans pieces is kept as
// its pieces and joined once, when it ends (joining at every piece cost quadratic time on a long line).

/** What a reader takes from one file before it refuses it; every reader passes its own. */
export interface TextLineLimits {
  /** Characters in one line, its line break not counted. */
  maxLineChars: number;
  /** Characters in the whole text, decompressed: bounds the time a small gzip can ask for. */
  maxTotalChars: number;
  /** Empty (or whitespace-only) lines: a gzip of blank lines stays under any size limit a real file needs, but costs a step per line. */
  maxBlankLines: number;
}

/** Set by textLines just before it hands over a last line that no line break ended (a writer cut off mid-line). */
export interface LineEnds {
  lastLineUnended: boolean;
}

/** The text went over one of its limits: the message names the line and the limit. */
export class TextLimitExceeded extends Error {}

export async function* textLines(pieces: AsyncIterable<string>, limits: TextLineLimits, ends?: LineEnds): AsyncGenerator<string> {
  // The current line's text so far, as the pieces it came in.
  let parts: string[] = [];
  let partsChars = 0;
  let lineNumber = 1;
  let totalChars = 0;
  let blankLines = 0;
  const ended = (line: string): string => {
    if (line.length > limits.maxLineChars) throw new TextLimitExceeded(`line ${lineNumber}: longer than ${charCount(limits.maxLineChars)}, the most a line may hold`);
    if (line.trim() === "" && ++blankLines > limits.maxBlankLines) throw new TextLimitExceeded(`line ${lineNumber}: more than ${limits.maxBlankLines.toLocaleString("en-US")} blank lines, the most a file may hold`);
    lineNumber++;
    return line.endsWith("\r") ? line.slice(0, -1) : line;
  };
  for await (const piece of pieces) {
    totalChars += piece.length;
    if (totalChars > limits.maxTotalChars) throw new TextLimitExceeded(`line ${lineNumber}: the text goes over ${charCount(limits.maxTotalChars)}, the most a file may hold`);
    let start = 0;
    let end = piece.indexOf("\n");
    while (end !== -1) {
      if (partsChars + end - start > limits.maxLineChars) throw new TextLimitExceeded(`line ${lineNumber}: longer than ${charCount(limits.maxLineChars)}, the most a line may hold`);
      const tail = piece.slice(start, end);
      const line = parts.length === 0 ? tail : parts.join("") + tail;
      parts = [];
      partsChars = 0;
      yield ended(line);
      start = end + 1;
      end = piece.indexOf("\n", start);
    }
    if (start < piece.length) {
      parts.push(start === 0 ? piece : piece.slice(start));
      partsChars += piece.length - start;
      // Refused as soon as it is too long, not when (if ever) its line break comes.
      if (partsChars > limits.maxLineChars) throw new TextLimitExceeded(`line ${lineNumber}: longer than ${charCount(limits.maxLineChars)}, the most a line may hold`);
    }
  }
  if (parts.length > 0) {
    const line = ended(parts.join(""));
    if (ends !== undefined) ends.lastLineUnended = true;
    yield line;
  }
}

/** "256 Mi characters": limits are powers of two, said as such. */
function charCount(chars: number): string {
  if (chars >= 1024 ** 3 && chars % 1024 ** 3 === 0) return `${chars / 1024 ** 3} Gi characters`;
  if (chars >= 1024 ** 2 && chars % 1024 ** 2 === 0) return `${chars / 1024 ** 2} Mi characters`;
  return `${chars.toLocaleString("en-US")} characters`;
}

/** An array of strings as the async pieces textLines reads: for tests and for text already in memory. */
export async function* piecesOf(texts: Iterable<string>): AsyncGenerator<string> {
  for (const text of texts) yield text;
}
