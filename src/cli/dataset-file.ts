// `run --dataset <rows.csv|rows.jsonl>`: the file's rows become the scenario's inputs.variables, before
// the scenario is validated, so the template is checked against every row like any other scenario.
import { readFile } from "node:fs/promises";
import { datasetFormatOf, formatDatasetErrors, parseDataset } from "../core/datasets";

export class DatasetProblem extends Error {}

export async function scenarioTextWithDataset(scenarioText: string, datasetPath: string): Promise<string> {
  const format = datasetFormatOf(datasetPath);
  if (format === null) throw new DatasetProblem(`--dataset ${datasetPath}: a .csv or .jsonl file is expected`);
  let data: string;
  try {
    data = await readFile(datasetPath, "utf8");
  } catch (error) {
    throw new DatasetProblem(`cannot read ${datasetPath}: ${(error as Error).message}`);
  }
  const parsed = parseDataset(data, format);
  if (!parsed.ok) throw new DatasetProblem(`${datasetPath} cannot be used:\n${indent(formatDatasetErrors(parsed.errors))}`);
  let scenario: unknown;
  try {
    scenario = JSON.parse(scenarioText);
  } catch {
    // Not JSON: validation says so, naming the scenario file.
    return scenarioText;
  }
  const inputs = (scenario as { inputs?: unknown } | null)?.inputs;
  if (typeof inputs !== "object" || inputs === null || Array.isArray(inputs) || typeof (inputs as { template?: unknown }).template !== "string") {
    throw new DatasetProblem(`--dataset fills inputs.variables of a template: the scenario's inputs must be { "template": "…" }, not a list of inputs`);
  }
  return JSON.stringify({ ...(scenario as object), inputs: { ...inputs, variables: parsed.table.rows } });
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}
