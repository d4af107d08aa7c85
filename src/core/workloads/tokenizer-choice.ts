// Which tokenizer counts a scenario's prompts, as the scenario names it: an offline encoding that ships
// with ProviderBench, a model's own tokenizer on the Hugging Face Hub, or a tokenizer.json on disk.
// One tokenizer for the whole scenario, so every target is sent the same prompts; each target's own
// count comes back in its usage. Loading it is the caller's (the Hub and files are adapters' work).
import { z } from "zod";
import { hasKey, schemaByShape } from "./schema-by-shape";

/** The OpenAI encodings gpt-tokenizer ships, offline; o200k_base by default (offline-tokenizer.ts says why). */
export const OFFLINE_ENCODINGS = ["o200k_base", "cl100k_base"] as const;
export type OfflineEncoding = (typeof OFFLINE_ENCODINGS)[number];
export const DEFAULT_OFFLINE_ENCODING: OfflineEncoding = "o200k_base";

export type TokenizerChoice =
  | OfflineEncoding
  /** tokenizer.json and tokenizer_config.json of a model on the Hub, at a revision (a branch, tag or commit). */
  | { model: string; revision?: string }
  /** A tokenizer.json on disk, and the tokenizer_config.json beside it if given. */
  | { file: string; config?: string };

/** `org/name` as the Hub spells a repository: letters, digits, `-`, `_`, `.`; the organisation may be left out. */
const HUB_MODEL_ID = /^(?:[A-Za-z0-9][A-Za-z0-9._-]{0,95}\/)?[A-Za-z0-9][A-Za-z0-9._-]{0,95}$/;

const pathSchema = z.string({ error: "must be a file path" }).min(1, "must not be empty").max(4096, "must be at most 4096 characters");

export const tokenizerChoiceSchema = schemaByShape<TokenizerChoice>(
  [
    {
      matches: (value) => typeof value === "string",
      schema: z.enum(OFFLINE_ENCODINGS, { error: (issue) => `unknown encoding ${JSON.stringify(issue.input)} (offline: ${OFFLINE_ENCODINGS.join(", ")})` }),
    },
    {
      matches: hasKey("model"),
      schema: z.strictObject({
        model: z.string({ error: "must be a model id" }).regex(HUB_MODEL_ID, "must be a Hugging Face model id such as meta-llama/Llama-3.1-8B-Instruct"),
        revision: z.string({ error: "must be a branch, tag or commit" }).regex(/^[^\s]{1,200}$/, "must be a branch, tag or commit, without spaces").optional(),
      }),
    },
    { matches: hasKey("file"), schema: z.strictObject({ file: pathSchema, config: pathSchema.optional() }) },
  ],
  `an offline encoding (${OFFLINE_ENCODINGS.map((name) => JSON.stringify(name)).join(" or ")}), { "model": "<Hugging Face model id>" } or { "file": "<path to tokenizer.json>" }`,
);
