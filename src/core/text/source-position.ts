// A place in a text as editors show it (line and column, both from 1): one computation for every error
// that points into a file or a field (a template, a scenario's JSON), on the command line and in the dashboard.

export interface SourcePosition {
  line: number;
  column: number;
}

/** The line and column of the character at `offset` (clamped to the text). */
export function positionAt(source: string, offset: number): SourcePosition {
  const before = source.slice(0, Math.max(0, Math.min(offset, source.length)));
  const lineStart = before.lastIndexOf("\n") + 1;
  return { line: before.split("\n").length, column: before.length - lineStart + 1 };
}
