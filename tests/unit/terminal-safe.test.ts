import { describe, expect, it } from "vitest";
import { terminalSafe } from "../../src/cli/terminal-safe";

describe("terminalSafe", () => {
  it("shows escape sequences, carriage returns, C1 controls and bidi overrides as visible text", () => {
    expect(terminalSafe("a\u001b[2Jb\rc\u0007d\u009b1me\u007ff\u202eg\u2066h\u2028i")).toBe("a\\x1b[2Jb\\x0dc\\x07d\\x9b1me\\x7ff\\u202eg\\u2066h\\u2028i");
  });

  it("keeps newlines, tabs and ordinary text, accents and emoji included", () => {
    const text = "target\tp50\nfast\t12 ms — café ✓ 🚀";
    expect(terminalSafe(text)).toBe(text);
  });
});
