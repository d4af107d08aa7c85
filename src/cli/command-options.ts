// The one path every subcommand's arguments take through node:util's parseArgs, and the one way a
// command line that does not parse is reported: a short error naming the option, the nearest option
// when it looks misspelt, and where the help is. The help itself is printed on --help only.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { didYouMean } from "../core/text";

/** What `npm run cli -- <command> --help` is asked of: the commands of this CLI. */
export const COMMAND_NAMES = ["run", "analyze", "trend", "snippets", "tasks", "export", "providers"] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

export type OptionsConfig = NonNullable<ParseArgsConfig["options"]>;

/** The line under every usage error: where the whole help is. */
export function helpHint(command: CommandName | null): string {
  return `(npm run cli -- ${command === null ? "" : `${command} `}--help lists the options)`;
}

/** `error: …` and the pointer to --help, each on its own line: the whole of what a usage error prints. */
export function usageErrorText(message: string, command: CommandName | null): string {
  return `error: ${message}\n${helpHint(command)}\n`;
}

/** What parseArgs threw, in our words: the option as typed, and the nearest known one when it looks misspelt. */
export function describeParseError(error: unknown, options: OptionsConfig, command: CommandName | null): string {
  const code = (error as { code?: string }).code;
  const message = (error as Error).message;
  const names = Object.keys(options).map((name) => `--${name}`);
  // Node quotes the option as typed: "Unknown option '--concurency'", "Option '-o, --out <value>' argument missing".
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? "";
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const typed = quoted.split("=")[0]!;
    const of = command === null ? "" : ` of ${command}`;
    return `unknown option ${typed}${of}${didYouMean(typed.startsWith("--") ? typed : `--${typed.replace(/^-+/, "")}`, names)}`;
  }
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    const long = /--[\w-]+/.exec(quoted)?.[0] ?? quoted;
    return message.includes("argument missing") ? `${long} needs a value` : `${long} takes no value`;
  }
  if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") return `unexpected argument "${quoted}"`;
  return message;
}

/**
 * parseArgs, strict, with the command's options; a command line that does not parse is `{ error }` in our
 * words. `known`: the options a misspelt one is compared with, when the parse takes more than the command's own.
 */
export function parseOptions<T extends OptionsConfig>(
  command: CommandName | null,
  argv: readonly string[],
  options: T,
  { allowPositionals = true, known = options }: { allowPositionals?: boolean; known?: OptionsConfig | undefined } = {},
): ReturnType<typeof parseArgs<{ args: string[]; options: T; allowPositionals: boolean; strict: true }>> | { error: string } {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals, strict: true });
  } catch (error) {
    return { error: describeParseError(error, known, command) };
  }
}
