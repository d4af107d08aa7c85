// `run --dataset <rows.csv|rows.jsonl>`: the file's rows become the scenario's inputs.variables, before
// the scenario is validated, so the template is checked against every row like any other scenario.
import { readFile, stat } from "node:fs/promises";
import { datasetFormatOf, datasetSizeError, formatDatasetErrors, parseDataset } from "../core/datasets";
import { parseJsonText } from "../core/text";
import type { ScenarioError } from "../core/scenario";
import { indented } from "./input-problem";

export class DatasetProblem extends Error {}

export interface ScenarioWithDataset {
  text: string;
  /** Names a row's errors after the file: `inputs.variables[2]` is row 3 of rows.csv, on line 5. */
  nameRows(errors: readonly ScenarioError[]): ScenarioError[];
}

export async function scenarioTextWithDataset(scenarioText: string, datasetPath: string): Promise<ScenarioWithDataset> {
  const format = datasetFormatOf(datasetPath);
  if (format === null) throw new DatasetProblem(`--dataset ${datasetPath}: a .csv or .jsonl file is expected`);
  let data: string;
  try {
    const tooLarge = datasetSizeError((await stat(datasetPath)).size);
    if (tooLarge !== null) throw new DatasetProblem(`${datasetPath} cannot be used: ${tooLarge.message}`);
    data = await readFile(datasetPath, "utf8");
  } catch (error) {
    if (error instanceof DatasetProblem) throw error;
    throw new DatasetProblem(`cannot read ${datasetPath}: ${(error as Error).message}`);
  }
  const parsed = parseDataset(data, format);
  if (!parsed.ok) throw new DatasetProblem(`${datasetPath} cannot be used:\n${indented(formatDatasetErrors(parsed.errors))}`);
  const json = parseJsonText(scenarioText);
  // Not JSON: validation says so, naming the scenario file and the place.
  if (!json.ok) return { text: scenarioText, nameRows: (errors) => [...errors] };
  const scenario = json.value;
  const inputs = (scenario as { inputs?: unknown } | null)?.inputs;
  if (typeof inputs !== "object" || inputs === null || Array.isArray(inputs) || typeof (inputs as { template?: unknown }).template !== "string") {
    throw new DatasetProblem(`--dataset fills inputs.variables of a template: the scenario's inputs must be { "template": "…" }, not a list of inputs`);
  }
  const { lines } = parsed.table;
  return {
    text: JSON.stringify({ ...(scenario as object), inputs: { ...inputs, variables: parsed.table.rows } }),
    nameRows: (errors) =>
      errors.map((error) => {
        const index = /^inputs\.variables\[(\d+)\]/.exec(error.path)?.[1];
        return index === undefined ? error : { ...error, message: `${error.message} (${datasetPath} row ${Number(index) + 1}, line ${lines[Number(index)]})` };
      }),
  };
}
