/** An error's message for a person to read, whatever was thrown (an Error without a message gives its name). */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}
