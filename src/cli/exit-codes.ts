// The command line's exit codes: one definition, used by main.ts and printed by --help.
export const EXIT_COMPLETED = 0;
export const EXIT_UNEXPECTED = 1;
export const EXIT_BAD_INPUT = 2;
export const EXIT_WRITE_FAILED = 3;
/**
 * The same number as EXIT_WRITE_FAILED, on purpose: CI systems treat any non-zero code as failure, and 3 is
 * the code the issue asks for. The two cannot meet: only `run` writes while running (3 = a write failed),
 * only `analyze --baseline` gates (3 = a regression); a gate's --markdown or --junit that cannot be written is bad input (2).
 */
export const EXIT_REGRESSION = 3;
export const EXIT_INTERRUPTED = 130;

export const EXIT_CODES_HELP = `Exit codes:
  ${EXIT_COMPLETED}    the run completed (failed requests are results, recorded, not a failure)
  ${EXIT_UNEXPECTED}    an unexpected failure (a bug: please report the message)
  ${EXIT_BAD_INPUT}    bad input: arguments, scenario file, token, sandbox not answering, an output that cannot be opened
  ${EXIT_WRITE_FAILED}    run: an output file could not be written during the run (e.g. disk full); its complete lines are kept
       analyze --baseline: a regression — some target is worse than the baseline beyond its --max-regression
       allowance, and significantly (a --markdown or --junit file that cannot be written is 2, not 3)
  ${EXIT_INTERRUPTED}  interrupted (Ctrl-C, SIGTERM, SIGHUP): what was measured is written`;
