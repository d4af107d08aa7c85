// The command line's exit codes: one definition, used by main.ts and printed by --help.
export const EXIT_COMPLETED = 0;
export const EXIT_UNEXPECTED = 1;
export const EXIT_BAD_INPUT = 2;
export const EXIT_WRITE_FAILED = 3;
export const EXIT_INTERRUPTED = 130;

export const EXIT_CODES_HELP = `Exit codes:
  ${EXIT_COMPLETED}    the run completed (failed requests are results, recorded, not a failure)
  ${EXIT_UNEXPECTED}    an unexpected failure (a bug: please report the message)
  ${EXIT_BAD_INPUT}    bad input: arguments, scenario file, token, sandbox not answering, an output that cannot be opened
  ${EXIT_WRITE_FAILED}    an output file could not be written during the run (e.g. disk full); its complete lines are kept
  ${EXIT_INTERRUPTED}  interrupted (Ctrl-C, SIGTERM, SIGHUP): what was measured is written`;
