// A run's synthetic prompts (inputs.synthetic), cut before its clock starts: the scenario's tokenizer
// loaded (offline, or a tokenizer.json read like any input file), the shipped corpus, and the workloads
// room's plan, every prompt exactly its drawn length. What is wrong is thrown naming the field.
import { findTaskDefinition } from "../tasks";
import { isSyntheticInputs, syntheticInput, type ExpandedInput, type InputFileReader, type Scenario } from "../scenario";
import { createHfTokenizer, loadDefaultCorpus, loadOfflineTokenizer, planSyntheticRequests, type SyntheticInputs, type Tokenizer } from "../workloads";
import { loadHubTokenizer } from "./hub-tokenizer-load";
import type { HubTokenizerSource } from "./hub-tokenizer";

/** What built a run's prompts, for its report: the tokenizer and corpus ids, and whether word starts were reused. */
export interface SyntheticWorkload {
  tokenizerId: string;
  corpusId: string;
  prompts: number;
  /** Above 0 when the run needed more prompts than the corpus has word starts (request-plan.ts). */
  startRounds: number;
}

const AT = "inputs.synthetic";

/** The scenario's inputs with their text cut, or null when its inputs are not synthetic. */
export async function buildSyntheticInputs(scenario: Scenario, readInputFile: InputFileReader | undefined, hub?: HubTokenizerSource): Promise<{ inputs: ExpandedInput[]; workload: SyntheticWorkload } | null> {
  if (!isSyntheticInputs(scenario.inputs)) return null;
  const settings = scenario.inputs.synthetic;
  const [tokenizer, corpus] = await Promise.all([loadTokenizer(settings.tokenizer, readInputFile, AT, hub), loadDefaultCorpus()]);
  let plan: ReturnType<typeof planSyntheticRequests>;
  try {
    plan = planSyntheticRequests(settings, tokenizer, corpus);
  } catch (error) {
    throw new Error(`scenario inputs: ${AT}: ${(error as Error).message}`, { cause: error });
  }
  const definition = findTaskDefinition(scenario.task);
  const inputs = plan.requests.map((request, index) => syntheticInput(index, request.prompt, request, definition));
  return { inputs, workload: { tokenizerId: plan.tokenizerId, corpusId: plan.corpusId, prompts: inputs.length, startRounds: plan.startRounds } };
}

/**
 * The tokenizer a scenario names, for the inputs at `at` (`inputs.synthetic`, `inputs.sessions.synthetic`);
 * a model's own from the Hub through `hub` (the run's fetch and token when left out).
 */
export async function loadTokenizer(choice: SyntheticInputs["tokenizer"], readInputFile: InputFileReader | undefined, at: string, hub?: HubTokenizerSource): Promise<Tokenizer> {
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
