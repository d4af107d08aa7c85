// Cutting text pieces into lines (core/io/text-lines.ts): lines across pieces, and the limits every reader
// passes, each refused with the line named while the text is still being read.
import { describe, expect, it } from "vitest";
import { piecesOf, textLines, TextLimitExceeded, type TextLineLimits } from "../../src/core/io";

const ROOMY: TextLineLimits = { maxLineChars: 1000, maxTotalChars: 1_000_000, maxBlankLines: 1000 };

async function linesOf(pieces: AsyncIterable<string>, limits: TextLineLimits = ROOMY): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of textLines(pieces, limits)) lines.push(line);
  return lines;
}

/** The same piece for ever, counting how many were taken: a decompressor of an endless bomb. */
function endless(piece: string): { pieces: AsyncIterable<string>; taken: () => number } {
  let taken = 0;
  return {
    pieces: (async function* () {
      for (;;) {
        taken++;
        yield piece;
      }
    })(),
    taken: () => taken,
  };
}

async function refusal(pieces: AsyncIterable<string>, limits: TextLineLimits): Promise<string> {
  const error = await linesOf(pieces, limits).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TextLimitExceeded);
  return (error as Error).message;
}

describe("textLines", () => {
  it("joins a line cut across pieces, CRLF split between two of them, and keeps a last line without its break", async () => {
    expect(await linesOf(piecesOf(["ab", "c\r", "\nde", "f\n\n", "g", "h"]))).toEqual(["abc", "def", "", "gh"]);
  });

  it("refuses a line with no end as soon as it passes the line limit, naming the line", async () => {
    const bomb = endless("x".repeat(100));
    const pieces = (async function* () {
      yield "first\nsecond\n";
      yield* bomb.pieces;
    })();
    const message = await refusal(pieces, ROOMY);
    expect(message).toBe("line 3: longer than 1,000 characters, the most a line may hold");
    expect(bomb.taken()).toBe(11);
  });

  it("refuses a line over the limit that ends in the same piece", async () => {
    expect(await refusal(piecesOf(["ok\n", `${"y".repeat(1001)}\n`]), ROOMY)).toBe("line 2: longer than 1,000 characters, the most a line may hold");
  });

  it("refuses endless blank lines at the blank-line limit, naming the line", async () => {
    const bomb = endless("\n".repeat(100));
    expect(await refusal(bomb.pieces, ROOMY)).toBe("line 1001: more than 1,000 blank lines, the most a file may hold");
    expect(bomb.taken()).toBe(11);
  });

  it("refuses text over the total limit, however its lines are cut", async () => {
    const bomb = endless("{}\n".repeat(100));
    expect(await refusal(bomb.pieces, { ...ROOMY, maxTotalChars: 3000 })).toBe("line 1001: the text goes over 3,000 characters, the most a file may hold");
  });
});
