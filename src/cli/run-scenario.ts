// `run`'s scenario: the file read, --dataset's rows put in as the template's variables (or --trace's
// trace as its inputs), and the whole checked with the command line's overrides (in a worker:
// validation renders the template).
import { readFile } from "node:fs/promises";
import type { RunCommand } from "./args";
import { checkScenarioInWorker, ValidationStopped } from "./check-in-worker";
import { DatasetProblem, scenarioTextWithDataset } from "./dataset-file";
import { indented, InputProblem } from "./input-problem";
import { scenarioTextWithTrace, TraceFlagProblem } from "./trace-flags";
import { formatScenarioErrors, type Scenario, type ScenarioError } from "../core/scenario";

export async function loadScenario(command: RunCommand): Promise<Scenario> {
  let text: string;
  try {
    text = await readFile(command.scenarioPath, "utf8");
  } catch (error) {
    throw new InputProblem(`cannot read ${command.scenarioPath}: ${(error as Error).message}`);
  }
  let nameRows = (errors: ScenarioError[]): ScenarioError[] => errors;
  if (command.datasetPath !== undefined) {
    const withDataset = await scenarioTextWithDataset(text, command.datasetPath).catch((error: unknown) => {
      throw error instanceof DatasetProblem ? new InputProblem(error.message) : error;
    });
    text = withDataset.text;
    nameRows = withDataset.nameRows;
  }
  if (command.trace !== undefined) {
    try {
      text = scenarioTextWithTrace(text, command.trace);
    } catch (error) {
      throw error instanceof TraceFlagProblem ? new InputProblem(error.message) : error;
    }
  }
  // Validation renders the template: in a worker, so a hostile one is stopped rather than hanging the CLI.
  const check = await checkScenarioInWorker(text, { concurrency: command.concurrency, repetitions: command.repetitions, load: command.load }).catch((error: unknown) => {
    if (error instanceof ValidationStopped) throw new InputProblem(`${command.scenarioPath} is not a valid scenario:\n${indented(error.message)}`);
    throw error;
  });
  if (check.kind === "invalid-file") throw new InputProblem(`${command.scenarioPath} is not a valid scenario:\n${indented(formatScenarioErrors(nameRows(check.errors)))}`);
  if (check.kind === "invalid-overrides") throw new InputProblem(`the command-line overrides are not valid:\n${indented(formatScenarioErrors(check.errors))}`);
  return check.scenario;
}
