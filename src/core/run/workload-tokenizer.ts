// The tokenizer that counts a run's cut prompts (inputs.synthetic, inputs.sessions, inputs.trace), loaded
// before its clock starts: an offline encoding, a model's own tokenizer.json from the Hub, or one read like
// any input file. What is wrong is thrown naming the field (`at` is where the choice sits: `inputs.trace`, …).
import type { InputFileReader } from "../scenario";
import { createHfTokenizer, loadOfflineTokenizer, type TokenizerChoice, type Tokenizer } from "../workloads";
import type { HubTokenizerSource } from "./hub-tokenizer";
import { loadHubTokenizer } from "./hub-tokenizer-load";
import { readInputFileText } from "./input-file-text";

/** `hub`: how a model's own tokenizer is fetched from the Hub (the run's token; globalThis.fetch and no token when left out). */
export async function loadWorkloadTokenizer(choice: TokenizerChoice, at: string, readInputFile: InputFileReader | undefined, hub?: HubTokenizerSource): Promise<Tokenizer> {
  if (typeof choice === "string") return loadOfflineTokenizer(choice);
  if ("model" in choice) return loadHubTokenizer(choice, hub ?? { fetch: globalThis.fetch.bind(globalThis) }, `${at}.tokenizer.model`);
  const tokenizerJson = await readJsonFile(choice.file, `${at}.tokenizer.file`, readInputFile);
  const config = choice.config === undefined ? undefined : await readJsonFile(choice.config, `${at}.tokenizer.config`, readInputFile);
  try {
    return createHfTokenizer(tokenizerJson, config, { file: choice.file });
  } catch (error) {
    throw new Error(`scenario inputs: ${at}.tokenizer.file: ${(error as Error).message}`, { cause: error });
  }
}

async function readJsonFile(path: string, field: string, readInputFile: InputFileReader | undefined): Promise<unknown> {
  const text = await readInputFileText(path, field, readInputFile);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`scenario inputs: ${field}: ${path} is not JSON (${(error as Error).message})`, { cause: error });
  }
}
