// Code to call one target the way the run did: the JS, Python and curl snippets of @huggingface/inference
// (snippets.getInferenceSnippets), fed the scenario's first input. The library writes the token as an
// environment variable ($HF_TOKEN, or $API_TOKEN for an endpoint); no token is ever passed in.
import { getProviderHelper, snippets, type InferenceProviderOrPolicy, type InferenceTask } from "@huggingface/inference";
import type { PipelineType } from "@huggingface/tasks";
import { expandInputs } from "../inputs";
import { resolveEndpointUrl } from "../targets";
import type { Scenario, ScenarioTarget } from "../scenario";

export type SnippetLanguage = "js" | "python" | "sh";

export interface CodeSnippet {
  language: SnippetLanguage;
  /** The library's name for the client ("fetch", "huggingface.js", "openai", "requests", "curl", …). */
  client: string;
  content: string;
}

export type TargetSnippets = { targetId: string; snippets: CodeSnippet[]; missingLanguages: SnippetLanguage[] } | { targetId: string; unavailable: string };

export const SNIPPET_LANGUAGES: readonly SnippetLanguage[] = ["js", "python", "sh"];
export const LANGUAGE_NAMES: Readonly<Record<SnippetLanguage, string>> = { js: "JavaScript", python: "Python", sh: "curl" };

/** Tasks the library's snippets treat as chat: it writes chat-completion calls for them. */
const CHAT_PIPELINES = new Set(["chat-completion", "text-generation", "image-text-to-text"]);
/** The chat parameters the library's chat templates carry; other tasks' templates carry the inputs only. */
const CHAT_PARAMETERS = ["temperature", "max_tokens", "top_p"] as const;

/** A binary input ({ "file": "assets/cat.jpg" }) becomes its path, which the library's templates read as a file name. */
function withFilePaths(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withFilePaths);
  if (typeof value !== "object" || value === null) return value;
  const fields = value as Record<string, unknown>;
  if (typeof fields.file === "string" && Object.keys(fields).length === 1) return fields.file;
  return Object.fromEntries(Object.entries(fields).map(([key, item]) => [key, withFilePaths(item)]));
}

/** The scenario's first input, as the task method takes it. */
function firstInput(scenario: Scenario): { inputs: unknown; messages: unknown[] } | null {
  const expanded = expandInputs(scenario);
  const first = expanded.ok ? expanded.inputs[0] : undefined;
  const literal: unknown = Array.isArray(scenario.inputs) ? scenario.inputs[0] : undefined;
  if (first === undefined && literal === undefined) return null;
  const inputs = typeof literal === "object" && literal !== null && !("messages" in literal) ? withFilePaths(literal) : (first?.prompt ?? literal);
  return { inputs, messages: first?.messages ?? [{ role: "user", content: String(inputs) }] };
}

/**
 * Every snippet the library has for this target, or why it has none (the provider cannot serve the task
 * in the library, an endpoint without a sandbox URL, …). `sandboxUrl` resolves `sandbox:/…` endpoints.
 */
export function targetSnippets(scenario: Scenario, target: ScenarioTarget, sandboxUrl?: string): TargetSnippets {
  const chat = CHAT_PIPELINES.has(scenario.task);
  // Every task but chat-completion is a pipeline type of @huggingface/tasks; chat is text-generation's conversational form.
  const pipelineTag = (scenario.task === "chat-completion" ? "text-generation" : scenario.task) as PipelineType;
  const provider: InferenceProviderOrPolicy = target.provider ?? "hf-inference";
  const input = firstInput(scenario);
  if (input === null) return { targetId: target.id, unavailable: "the scenario has no input" };
  let endpointUrl: string | undefined;
  try {
    if (target.endpointUrl !== undefined) endpointUrl = resolveEndpointUrl(target.endpointUrl, sandboxUrl);
    // Asked first, so a provider the library cannot call for this task gives its reason rather than a log line.
    getProviderHelper(provider, (chat ? "conversational" : scenario.task) as InferenceTask);
  } catch (error) {
    return { targetId: target.id, unavailable: error instanceof Error ? error.message : String(error) };
  }
  const parameters = Object.fromEntries(CHAT_PARAMETERS.filter((name) => scenario.parameters[name] !== undefined).map((name) => [name, scenario.parameters[name]]));
  const model = { id: target.model, pipeline_tag: pipelineTag, tags: chat ? ["conversational"] : [], inference: "" };
  const call = (options: Record<string, unknown>): CodeSnippet[] =>
    snippets
      .getInferenceSnippets(model, provider, undefined, endpointUrl === undefined ? options : { ...options, endpointUrl })
      .map((snippet) => ({ language: snippet.language as SnippetLanguage, client: snippet.client, content: snippet.content }));
  let found: CodeSnippet[];
  if (chat) {
    found = call({ messages: input.messages, streaming: scenario.run.stream, ...parameters });
  } else {
    // The library's JS and Python templates paste `inputs` in as code (its own examples pass '"a text"'),
    // while its curl template serialises it as a value: each language is asked the way its template reads.
    const asCode = call({ inputs: JSON.stringify(input.inputs) }).filter((snippet) => snippet.language !== "sh");
    const asValue = call({ inputs: input.inputs }).filter((snippet) => snippet.language === "sh");
    found = [...asCode, ...asValue];
  }
  found.sort((a, b) => SNIPPET_LANGUAGES.indexOf(a.language) - SNIPPET_LANGUAGES.indexOf(b.language));
  if (found.length === 0) return { targetId: target.id, unavailable: `@huggingface/inference has no snippet for ${scenario.task} on ${target.provider ?? "an endpoint"}` };
  return { targetId: target.id, snippets: found, missingLanguages: SNIPPET_LANGUAGES.filter((language) => !found.some((snippet) => snippet.language === language)) };
}

/** Every target of the scenario, or the one named. */
export function scenarioSnippets(scenario: Scenario, sandboxUrl?: string, targetId?: string): TargetSnippets[] {
  return scenario.targets.filter((target) => targetId === undefined || target.id === targetId).map((target) => targetSnippets(scenario, target, sandboxUrl));
}
