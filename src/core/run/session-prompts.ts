// A run's sessions (inputs.sessions), made before its clock starts: synthetic turns cut to their lengths
// by the scenario's tokenizer from the shipped corpus, or a ShareGPT file read through the run's file
// reader. What is wrong is thrown naming the field.
import { isSessionInputs, sessionTurnInputs, type ExpandedInput, type InputFileReader, type Scenario } from "../scenario";
import { loadDefaultCorpus, planShareGptSessions, planSyntheticSessions, readShareGpt, type SessionInputs, type SessionPlan, type SyntheticSessionTurns } from "../workloads";
import type { SyntheticWorkload } from "./synthetic-prompts";
import type { HubTokenizerSource } from "./hub-tokenizer";
import { readInputFileText } from "./input-file-text";
import { loadWorkloadTokenizer } from "./workload-tokenizer";

const AT = "inputs.sessions";

/** The sessions' turns as the run's inputs, and what built them; null when the scenario's inputs are not sessions. */
export async function buildSessionInputs(scenario: Scenario, readInputFile: InputFileReader | undefined, hub?: HubTokenizerSource): Promise<{ inputs: ExpandedInput[]; workload: SyntheticWorkload | undefined } | null> {
  if (!isSessionInputs(scenario.inputs)) return null;
  const settings = scenario.inputs.sessions;
  const plan = settings.synthetic !== undefined ? await syntheticPlan({ ...settings, synthetic: settings.synthetic }, readInputFile, hub) : await fileSessions(settings, readInputFile);
  const inputs = sessionTurnInputs(plan.sessions);
  if (plan.tokenizerId === undefined || plan.corpusId === undefined) return { inputs, workload: undefined };
  return { inputs, workload: { tokenizerId: plan.tokenizerId, corpusId: plan.corpusId, prompts: inputs.length, startRounds: plan.startRounds } };
}

async function syntheticPlan(settings: SessionInputs & { synthetic: SyntheticSessionTurns }, readInputFile: InputFileReader | undefined, hub: HubTokenizerSource | undefined): Promise<SessionPlan> {
  const [tokenizer, corpus] = await Promise.all([loadWorkloadTokenizer(settings.synthetic.tokenizer, `${AT}.synthetic`, readInputFile, hub), loadDefaultCorpus()]);
  try {
    return planSyntheticSessions(settings, tokenizer, corpus);
  } catch (error) {
    throw new Error(`scenario inputs: ${AT}.synthetic: ${(error as Error).message}`, { cause: error });
  }
}

async function fileSessions(settings: SessionInputs, readInputFile: InputFileReader | undefined): Promise<SessionPlan> {
  const path = settings.file!;
  const where = `scenario inputs: ${AT}.file`;
  const text = await readInputFileText(path, `${AT}.file`, readInputFile);
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${where}: ${path}: ${(error as Error).message}`, { cause: error });
  }
  let read: ReturnType<typeof readShareGpt>;
  try {
    read = readShareGpt(json, settings.count);
  } catch (error) {
    throw new Error(`${where}: ${path}${(error as Error).message.startsWith("[") ? "" : ": "}${(error as Error).message}`, { cause: error });
  }
  if (read.conversations.length === 0) throw new Error(`${where}: ${path} holds no conversation with a human turn`);
  return planShareGptSessions(read.conversations, settings);
}
