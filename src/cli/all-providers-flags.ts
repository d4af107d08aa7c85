// The flags of `run --model <id> --all-providers`: compare every provider serving a model, on a scenario
// file's inputs or on prompts given here (run-all-providers.ts does it). Parsed apart from args.ts, as the
// load flags are, so `run`'s own parsing gains a spread and one call.

export const ALL_PROVIDERS_OPTIONS = {
  model: { type: "string" },
  "all-providers": { type: "boolean" },
  providers: { type: "string" },
  "include-staging": { type: "boolean" },
  prompt: { type: "string", multiple: true },
} as const;

export const ALL_PROVIDERS_USAGE = `every provider of a model (docs/providers-for-a-model.md):
  --model <id> --all-providers
                         one target per provider the Hugging Face Hub maps the model to, prefilled with the
                         router's listed prices (stored with the run); the scenario file's inputs, parameters
                         and checks are kept, its targets replaced. A preflight sends one request to each and
                         drops, with the reason, those that refuse (not served, needs credits, unauthorised)
  --providers <a,b>      only these providers
  --include-staging      also the providers the Hub lists as staging (for testing)
  --prompt <text>        a prompt to send instead of a scenario file's inputs (chat completion); repeatable`;

/** What `--all-providers` asks for. */
export interface AllProvidersRequest {
  modelId: string;
  /** --providers: only these, by name; undefined: every one serving the model. */
  providers: string[] | undefined;
  includeStaging: boolean;
  /** --prompt: the inputs, without a scenario file; undefined: the scenario file's. */
  prompts: string[] | undefined;
}

type FlagValues = {
  model?: string | undefined;
  "all-providers"?: boolean | undefined;
  providers?: string | undefined;
  "include-staging"?: boolean | undefined;
  prompt?: string[] | undefined;
};

/** The request, undefined without --all-providers, or the error; `scenarioPath` is the positional given, if any. */
export function parseAllProvidersFlags(values: FlagValues, scenarioPath: string | undefined): { request: AllProvidersRequest | undefined } | { error: string } {
  if (values["all-providers"] !== true) {
    const stray = (["model", "providers", "include-staging", "prompt"] as const).find((flag) => values[flag] !== undefined);
    return stray === undefined ? { request: undefined } : { error: `--${stray} goes with --all-providers (e.g. run --model <id> --all-providers --prompt "Hello")` };
  }
  const modelId = values.model?.trim() ?? "";
  if (modelId === "") return { error: "--all-providers needs the model: --model <id> (e.g. meta-llama/Llama-3.1-8B-Instruct)" };
  const prompts = values.prompt;
  if (prompts !== undefined && scenarioPath !== undefined) return { error: "give the inputs once: a scenario file or --prompt, not both" };
  if (prompts === undefined && scenarioPath === undefined) return { error: 'missing the inputs: run <scenario.json> --model <id> --all-providers, or --prompt "…" (repeatable) instead of the file' };
  if (prompts?.some((prompt) => prompt.trim() === "")) return { error: "--prompt needs a text" };
  let providers: string[] | undefined;
  if (values.providers !== undefined) {
    providers = values.providers
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name !== "");
    if (providers.length === 0) return { error: "--providers needs at least one provider name (e.g. --providers groq,cerebras)" };
  }
  return { request: { modelId, providers, includeStaging: values["include-staging"] === true, prompts } };
}
