// The command line's exit codes: one definition, used by the commands and printed by --help.
export const EXIT_COMPLETED = 0;
export const EXIT_UNEXPECTED = 1;
export const EXIT_BAD_INPUT = 2;
/** The regression gate failed (`analyze --baseline`, `run --baseline`): 3, the code the issue asks for. */
export const EXIT_REGRESSION = 3;
/**
 * An output file could not be written once the work had started (disk full, a folder gone). Its own code,
 * not 3: `run --baseline` both writes and gates, and a CI job must tell a regression from a full disk.
 */
export const EXIT_WRITE_FAILED = 4;
export const EXIT_INTERRUPTED = 130;

export const EXIT_CODES_HELP = `Exit codes:
  ${EXIT_COMPLETED}    the run completed (failed requests are results, recorded, not a failure); the gate passed
  ${EXIT_UNEXPECTED}    an unexpected failure (a bug: please report the message)
  ${EXIT_BAD_INPUT}    bad input: arguments, scenario file, token, sandbox not answering, an output that cannot be opened
  ${EXIT_REGRESSION}    the regression gate failed (analyze --baseline, run --baseline): some target is worse than
       the baseline by more than its --max-regression allowance, significantly
  ${EXIT_WRITE_FAILED}    an output file could not be written once started (e.g. disk full; a run keeps its complete
       lines), or a gate's --markdown or --junit file could not be written
  ${EXIT_INTERRUPTED}  interrupted (Ctrl-C, SIGTERM, SIGHUP): what was measured is written`;
