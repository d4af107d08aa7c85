// A plain-text table for the terminal: text columns left-aligned, number columns right-aligned, two spaces apart.

/** `rightAligned`: indices of the columns that hold numbers. */
export function formatTextTable(headers: readonly string[], rows: readonly (readonly string[])[], rightAligned: readonly number[]): string {
  const widths = headers.map((header, index) => Math.max(header.length, ...rows.map((row) => (row[index] ?? "").length)));
  const pad = (text: string, index: number): string => (rightAligned.includes(index) ? text.padStart(widths[index]!) : text.padEnd(widths[index]!));
  // The last column is not padded: no trailing spaces.
  const line = (cells: readonly string[]): string => cells.map(pad).join("  ").trimEnd();
  return [line(headers), widths.map((width) => "─".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}
