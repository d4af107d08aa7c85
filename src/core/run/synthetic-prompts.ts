// A run's synthetic prompts (inputs.synthetic), cut before its clock starts: the scenario's tokenizer
// loaded (offline, or a tokenizer.json read like any input file), the shipped corpus, and the workloads
// room's plan, every prompt exactly its drawn length. What is wrong is thrown naming the field.
import { findTaskDefinition } from "../tasks";
import { isSyntheticInputs, syntheticInput, type ExpandedInput, type InputFileReader, type Scenario } from "../scenario";
import { loadDefaultCorpus, planSyntheticRequests } from "../workloads";
import type { HubTokenizerSource } from "./hub-tokenizer";
import type { TraceWorkload } from "./trace-prompts";
import { loadWorkloadTokenizer } from "./workload-tokenizer";

/** What built a run's prompts (synthetic or a trace's), for its report: the tokenizer and corpus ids, and whether word starts were reused. */
export interface SyntheticWorkload {
  tokenizerId: string;
  corpusId: string;
  prompts: number;
  /** Above 0 when the run needed more prompts than the corpus has word starts (request-plan.ts). */
  startRounds: number;
  /** A trace's replay (inputs.trace): what was read from its file. */
  trace?: TraceWorkload;
}

const AT = "inputs.synthetic";

/** The scenario's inputs with their text cut, or null when its inputs are not synthetic. */
export async function buildSyntheticInputs(scenario: Scenario, readInputFile: InputFileReader | undefined, hub?: HubTokenizerSource): Promise<{ inputs: ExpandedInput[]; workload: SyntheticWorkload } | null> {
  if (!isSyntheticInputs(scenario.inputs)) return null;
  const settings = scenario.inputs.synthetic;
  const [tokenizer, corpus] = await Promise.all([loadWorkloadTokenizer(settings.tokenizer, AT, readInputFile, hub), loadDefaultCorpus()]);
  let plan: ReturnType<typeof planSyntheticRequests>;
  try {
    plan = planSyntheticRequests(settings, tokenizer, corpus, runNonce());
  } catch (error) {
    throw new Error(`scenario inputs: ${AT}: ${(error as Error).message}`, { cause: error });
  }
  const definition = findTaskDefinition(scenario.task);
  const inputs = plan.requests.map((request, index) => syntheticInput(index, request.prompt, request, definition));
  return { inputs, workload: { tokenizerId: plan.tokenizerId, corpusId: plan.corpusId, prompts: inputs.length, startRounds: plan.startRounds } };
}

/** 48 random bits in hex, fresh for every run: what sets its cold prompts apart from every other run's (coldFirstLine). */
function runNonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
