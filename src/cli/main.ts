#!/usr/bin/env node
// The `providerbench` command: the command line (command-line.ts) run with this process's streams and
// environment, its answer the process's exit code.
import { main } from "./command-line";

/**
 * The table and the progress line are a courtesy; the files are the product. A closed stdout or stderr
 * (`| head`, a terminal gone) raises EPIPE on the stream: ignored, so the run finishes and writes its files.
 */
function keepGoingWithoutTerminal(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => undefined);
}

keepGoingWithoutTerminal();
process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env });
