// The failures a person can fix, each told in one line with its exit code; anything else is a bug
// (command-line.ts reports it as an unexpected failure). Imported only once a command has failed, so a
// command that succeeds loads none of the other commands' modules.
import { RecordsFileProblem } from "./analyze/load-run";
import { EXIT_BAD_INPUT, EXIT_WRITE_FAILED } from "./exit-codes";
import { GateReportProblem } from "./gate-command";
import { InputProblem } from "./input-problem";
import { OutputProblem } from "./output-files";
import { RecordsFileBusy } from "./records-lock";
import { ResumeProblem } from "./resume-records";
import { terminalSafe } from "./terminal-safe";

/** Writes the problem to `stderr` and returns its exit code; null (nothing written) for an error that is not one of them. */
export function reportProblem(error: unknown, stderr: NodeJS.WritableStream): number | null {
  if (error instanceof InputProblem || error instanceof OutputProblem || error instanceof RecordsFileProblem || error instanceof ResumeProblem || error instanceof RecordsFileBusy) {
    stderr.write(`${terminalSafe(error.message)}\n`);
    return EXIT_BAD_INPUT;
  }
  if (error instanceof GateReportProblem) {
    stderr.write(`error: ${terminalSafe(error.message)}\n`);
    return EXIT_WRITE_FAILED;
  }
  return null;
}
