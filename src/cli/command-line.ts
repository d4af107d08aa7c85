// The command line as a function: arguments and the process's streams and environment in, an exit code
// out. The `providerbench` command (main.ts) calls it with the real process; tests call it in their own
// process with streams of their own. Each command's modules are imported when it is asked for, so
// `--help` or `tasks` does not load the runner, its transport and undici.
import { parseCommandLine, USAGE } from "./args";
import { usageErrorText } from "./command-options";
import { EXIT_BAD_INPUT, EXIT_COMPLETED, EXIT_UNEXPECTED } from "./exit-codes";
import type { CommandLineIo } from "./command-io";
import { terminalSafe } from "./terminal-safe";

/** Runs the command `argv` names (the arguments after the command's own name) and returns its exit code. */
export async function main(argv: string[], io: CommandLineIo): Promise<number> {
  try {
    return await runCommandLine(argv, io);
  } catch (error) {
    io.stderr.write(`unexpected failure: ${terminalSafe(error instanceof Error ? (error.stack ?? error.message) : String(error))}\n`);
    return EXIT_UNEXPECTED;
  }
}

async function runCommandLine(argv: string[], io: CommandLineIo): Promise<number> {
  if (argv[0] === "snippets") return (await import("./snippets-command")).snippetsCommand(argv.slice(1), io.env, io.stdout, io.stderr);
  if (argv[0] === "export") return (await import("./artillery/export-command")).exportCommand(argv.slice(1), io.env, io.stdout, io.stderr);
  if (argv[0] === "tasks") return (await import("./tasks-command")).tasksCommand(argv.slice(1), io.stdout, io.stderr);
  if (argv[0] === "providers") return (await import("./providers-command")).providersCommand(argv.slice(1), io);
  const parsed = parseCommandLine(argv, io.env);
  if (parsed.kind === "help") {
    io.stdout.write(`${USAGE}\n`);
    return EXIT_COMPLETED;
  }
  if (parsed.kind === "error") {
    // One short error and where the help is; the help itself only on --help.
    const command = argv[0] === "run" || argv[0] === "analyze" || argv[0] === "trend" ? argv[0] : null;
    io.stderr.write(terminalSafe(usageErrorText(parsed.message, command)));
    return EXIT_BAD_INPUT;
  }
  try {
    if (parsed.kind === "trend") {
      const output = await (await import("./trend-command")).trendCommand(parsed.command);
      io.stdout.write(parsed.command.json ? output : terminalSafe(output));
      return EXIT_COMPLETED;
    }
    if (parsed.kind === "analyze" && parsed.command.gate !== undefined) {
      const { output, exitCode } = await (await import("./gate-command")).gateCommand({ ...parsed.command, gate: parsed.command.gate });
      io.stdout.write(terminalSafe(output));
      return exitCode;
    }
    if (parsed.kind === "analyze") {
      const output = await (await import("./analyze/analyze")).analyze(parsed.command, io.env);
      // JSON escapes what a terminal could misread itself (analyze.ts), and terminalSafe's escapes would make it invalid.
      io.stdout.write(parsed.command.json ? output : terminalSafe(output));
      return EXIT_COMPLETED;
    }
    return await (await import("./run-command")).runCommand(parsed.command, io);
  } catch (error) {
    // The problems a person can fix (a file, a flag's value, a busy records file) are told in one line.
    const exitCode = (await import("./command-problems")).reportProblem(error, io.stderr);
    if (exitCode === null) throw error;
    return exitCode;
  }
}
