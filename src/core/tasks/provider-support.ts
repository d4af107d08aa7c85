// Which provider can be asked for which task: the library's own answer (getProviderHelper throws for a
// pair it has no helper for), never a table of ours. A scenario asking for such a pair is refused at
// validation with the library's reason; the scenario editor asks the same question.
import { getProviderHelper, INFERENCE_PROVIDERS, type InferenceProviderOrPolicy } from "@huggingface/inference";
import { findTaskDefinition } from "./registry";

export type ProviderTaskSupport = { ok: true } | { ok: false; reason: string };

/**
 * "auto" is the router's choice among the providers serving the model, made at call time: any task the
 * library can route is accepted (the library itself resolves the provider then).
 */
export function providerTaskSupport(provider: string, task: string): ProviderTaskSupport {
  const definition = findTaskDefinition(task);
  if (definition === undefined) return { ok: false, reason: `ProviderBench does not run the task ${task}` };
  if (provider !== "auto" && !(INFERENCE_PROVIDERS as readonly string[]).includes(provider)) {
    return { ok: false, reason: `unknown provider ${JSON.stringify(provider)}` };
  }
  try {
    getProviderHelper(provider as InferenceProviderOrPolicy, definition.libraryTask);
    return { ok: true };
  } catch (error) {
    // The library names chat "conversational": the reason says which task of ours that was.
    return { ok: false, reason: `${provider} does not serve ${task} through @huggingface/inference (${(error as Error).message})` };
  }
}

/** The providers the library can call for a task ("auto" aside), in the library's order. */
export function providersForTask(task: string): string[] {
  return INFERENCE_PROVIDERS.filter((provider) => providerTaskSupport(provider, task).ok);
}
