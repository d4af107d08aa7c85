// The tokenizer that counts a run's cut prompts (inputs.synthetic, inputs.trace), loaded before its clock
// starts: an offline encoding, or a tokenizer.json read like any input file. What is wrong is thrown
// naming the field (`at` is where the choice sits: `inputs.synthetic`, `inputs.trace`).
import type { InputFileReader } from "../scenario";
import { createHfTokenizer, loadOfflineTokenizer, type TokenizerChoice, type Tokenizer } from "../workloads";

export async function loadWorkloadTokenizer(choice: TokenizerChoice, at: string, readInputFile: InputFileReader | undefined): Promise<Tokenizer> {
  if (typeof choice === "string") return loadOfflineTokenizer(choice);
  if ("model" in choice) throw new Error(`scenario inputs: ${at}.tokenizer.model: not yet: a model's tokenizer is not fetched from the Hub yet`);
  const tokenizerJson = await readJsonFile(choice.file, `${at}.tokenizer.file`, readInputFile);
  const config = choice.config === undefined ? undefined : await readJsonFile(choice.config, `${at}.tokenizer.config`, readInputFile);
  try {
    return createHfTokenizer(tokenizerJson, config, { file: choice.file });
  } catch (error) {
    throw new Error(`scenario inputs: ${at}.tokenizer.file: ${(error as Error).message}`, { cause: error });
  }
}

async function readJsonFile(path: string, field: string, readInputFile: InputFileReader | undefined): Promise<unknown> {
  const where = `scenario inputs: ${field}`;
  if (readInputFile === undefined) throw new Error(`${where}: cannot read ${path}: this run was given no way to read input files`);
  let text: string;
  try {
    text = await (await readInputFile(path)).text();
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`, { cause: error });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${where}: ${path} is not JSON (${(error as Error).message})`, { cause: error });
  }
}
