// Which Hugging Face providers can serve a task, from the inference library's own table of provider
// helpers (a provider without a helper for a task cannot be asked for it), and which tasks an
// OpenAI-compatible endpoint can serve. Loaded with the editor, never on the first screen.
import { INFERENCE_PROVIDERS, PROVIDERS, type InferenceProvider, type InferenceTask } from "@huggingface/inference";

export const PROVIDER_CHOICES: readonly (InferenceProvider | "auto")[] = ["auto", ...INFERENCE_PROVIDERS];

export type Support = { supported: true } | { supported: false; reason: string };

/** The library files chat completion under "conversational". */
function libraryTask(task: string): InferenceTask {
  return (task === "chat-completion" ? "conversational" : task) as InferenceTask;
}

export function providerSupport(provider: string, task: string): Support {
  // The router picks a provider that serves the model; whether one does is only known at run time.
  if (provider === "auto") return { supported: true };
  const helpers = PROVIDERS[provider as InferenceProvider] as Partial<Record<InferenceTask, unknown>> | undefined;
  if (helpers === undefined) return { supported: false, reason: `unknown provider ${provider}` };
  return helpers[libraryTask(task)] !== undefined ? { supported: true } : { supported: false, reason: `${provider} does not serve ${task}` };
}

/** The OpenAI-compatible routes the runner calls: /chat/completions, /completions and /embeddings. */
const ENDPOINT_TASKS: readonly string[] = ["chat-completion", "text-generation", "feature-extraction"];

export function endpointSupport(task: string): Support {
  return ENDPOINT_TASKS.includes(task) ? { supported: true } : { supported: false, reason: `an OpenAI-compatible endpoint has no ${task} route` };
}
