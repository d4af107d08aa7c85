// Text arriving in pieces (a decompressed file, a stream) cut into lines, so a file of any size is read a
// line at a time and never held whole. "\n" and "\r\n" both end a line; a last line without one counts.

export async function* textLines(pieces: AsyncIterable<string>): AsyncGenerator<string> {
  let pending = "";
  for await (const piece of pieces) {
    pending += piece;
    let start = 0;
    let end = pending.indexOf("\n", start);
    while (end !== -1) {
      yield pending.charCodeAt(end - 1) === 13 ? pending.slice(start, end - 1) : pending.slice(start, end);
      start = end + 1;
      end = pending.indexOf("\n", start);
    }
    pending = pending.slice(start);
  }
  if (pending !== "") yield pending.endsWith("\r") ? pending.slice(0, -1) : pending;
}

/** An array of strings as the async pieces textLines reads: for tests and for text already in memory. */
export async function* piecesOf(texts: Iterable<string>): AsyncGenerator<string> {
  for (const text of texts) yield text;
}
