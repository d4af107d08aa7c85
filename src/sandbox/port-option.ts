// A port named on a command line: the sandbox's `--port`, and `npm start`'s `--port` and `--sandbox-port`.

/** A whole number from 0 (any free port) to 65535, or why the text is not one. */
export function portFrom(flag: string, text: string): number | { error: string } {
  const port = Number(text);
  if (text.trim() === "" || !Number.isInteger(port) || port < 0 || port > 65535) return { error: `${flag} must be a whole number from 0 to 65535, got "${text}"` };
  return port;
}
