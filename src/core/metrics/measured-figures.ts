// What one run measures: its task's figures (the task's own file says which) and what its scenario asks
// for (a stream, prices, checks, an SLO, an open loop). The default columns of every table (the compare
// table, the live summary, the CLI's) and the verdict's rows follow from it, so a speech run leads with
// its real-time factor and no run opens on a column that is "—" for every target.
import { isSessionInputs, isSyntheticInputs, isTraceInputs, type Scenario } from "../scenario";
import { findTaskDefinition, offersTools, relevanceLabelsOf, requestedResponseFormat, type TaskFigure } from "../tasks";

export type MeasuredFigure =
  | TaskFigure
  /** Time to first token and the stream's shape: a task that streams, run with `run.stream`. */
  | "firstToken"
  /** The scenario's checks (expectations): a pass rate. */
  | "checks"
  /** A price on at least one target: cost per request, per 1,000 requests, for the run. */
  | "cost"
  /** The scenario's service-level objective: SLO attainment and goodput. */
  | "slo"
  /** An open loop, whose arrivals the client may drop when a target's queue is full. */
  | "openLoop"
  /** Requests that offer tools (`parameters.tools`): tool-call and valid-call rates, time to tool call. */
  | "toolCalls"
  /** A toolCall check: which tool the input should call, the right-tool rate. */
  | "rightTool"
  /** Synthetic prompts (inputs.synthetic): the lengths asked for, beside those measured. */
  | "syntheticInputs"
  /** Requests that ask for JSON (`parameters.response_format`, json_schema or json_object): the schema-valid rate. */
  | "structuredOutput"
  /** A scenario with tool results (`toolResults`): each request a tool loop, its time to final answer and steps. */
  | "toolLoop"
  /** Multi-turn sessions (inputs.sessions): TTFT by turn, session duration, unfinished sessions. */
  | "sessions"
  /** Synthetic prompts that probe the prefix cache (inputs.synthetic.prefixCache): TTFT and cost warm against cold. */
  | "cacheProbe"
  /** Text-ranking inputs that carry relevance labels: each answer's NDCG@10 against them. */
  | "rankingQuality";

export type MeasuredFigures = ReadonlySet<MeasuredFigure>;

/** The parts of a scenario that decide what its runs measure. */
export type MeasuringScenario = Pick<Scenario, "task" | "targets" | "run" | "expectations" | "slo"> & Partial<Pick<Scenario, "parameters" | "inputs">> & Partial<Pick<Scenario, "toolResults">>;

export function measuredFigures(scenario: MeasuringScenario): MeasuredFigures {
  const task = findTaskDefinition(scenario.task);
  const figures = new Set<MeasuredFigure>(task?.figures ?? []);
  if (task?.streams === true && scenario.run.stream) figures.add("firstToken");
  if ((scenario.expectations ?? []).length > 0) figures.add("checks");
  if (scenario.targets.some((target) => target.price !== undefined)) figures.add("cost");
  if (scenario.slo !== undefined) figures.add("slo");
  if (scenario.run.load?.mode === "open" || isTraceInputs(scenario.inputs)) figures.add("openLoop");
  if (offersTools(scenario.parameters ?? {})) figures.add("toolCalls");
  if ((scenario.expectations ?? []).some((expectation) => expectation.type === "toolCall")) figures.add("rightTool");
  if (scenario.inputs !== undefined && (isSyntheticInputs(scenario.inputs) || isTraceInputs(scenario.inputs))) figures.add("syntheticInputs");
  if (requestedResponseFormat(scenario.parameters ?? {}) !== null) figures.add("structuredOutput");
  if (scenario.toolResults !== undefined) figures.add("toolLoop");
  if (scenario.inputs !== undefined && isSessionInputs(scenario.inputs)) figures.add("sessions");
  if (scenario.inputs !== undefined && isSyntheticInputs(scenario.inputs) && scenario.inputs.synthetic.prefixCache !== undefined) figures.add("cacheProbe");
  if (scenario.task === "text-ranking" && Array.isArray(scenario.inputs) && scenario.inputs.some((input) => relevanceLabelsOf(input) !== undefined)) figures.add("rankingQuality");
  return figures;
}
