// What a command takes from the process that runs it, apart from command-line.ts so that the commands it
// starts can name it without importing back the module that starts them.
/** A stream the command writes to; `isTTY` as a terminal's stream has it (the progress line redraws only there). */
export type CommandOutput = NodeJS.WritableStream & { isTTY?: boolean };

/**
 * What the command line takes from the process that runs it. Relative paths in the arguments are read
 * from the process's working folder, as every file call of Node reads them. A run still listens for the
 * process's signals (Ctrl-C, SIGTERM, SIGHUP) while it sends requests: a signal is sent to a process.
 */
export interface CommandLineIo {
  stdout: CommandOutput;
  stderr: CommandOutput;
  /** The environment: the token, endpoint keys granted with --key, PROVIDERBENCH_SANDBOX_URL, PROVIDERBENCH_TRANSPORT. */
  env: Readonly<Record<string, string | undefined>>;
}
