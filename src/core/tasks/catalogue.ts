// Every pipeline type @huggingface/tasks describes, grouped by modality, each marked with whether
// ProviderBench runs it and, when not, why: the CLI's `tasks` command and the dashboard's task picker.
import { PROVIDERS } from "@huggingface/inference";
import { MODALITIES, MODALITY_LABELS, PIPELINE_DATA, type Modality } from "@huggingface/tasks";
import { findTaskDefinition } from "./registry";

export interface CatalogueTask {
  /** The pipeline type (chat-completion for chat, which the Hub files under text-generation). */
  id: string;
  label: string;
  modality: Modality;
  modalityLabel: string;
  runnable: boolean;
  /** Why ProviderBench does not run it; absent when it does. */
  reason?: string;
  /** The providers @huggingface/inference has a helper for this task, in the library's order. */
  providers: string[];
}

/** Chat is a task of its own here (its own route and streaming), though the Hub's pipeline types have none. */
const CHAT_COMPLETION = { id: "chat-completion", name: "Chat Completion", modality: "nlp" as Modality };

/** Why a task the library can call is not run yet: what would be missing. */
const NOT_YET: Readonly<Record<string, string>> = {
  "text-to-video": "video outputs are not kept or shown yet",
  "image-to-video": "video outputs are not kept or shown yet",
  "image-text-to-video": "video outputs are not kept or shown yet",
  "image-text-to-image": "image-with-prompt inputs are not supported yet (image-to-image takes the prompt as a parameter)",
  "audio-to-audio": "lists of audio outputs are not kept or shown yet",
  "text-to-audio": "not run yet: text-to-speech covers spoken audio",
  "tabular-classification": "tabular inputs are not supported yet",
  "tabular-regression": "tabular inputs are not supported yet",
};

/** The providers whose library helper serves `libraryTask` (getProviderHelper's own table). */
function providersOf(libraryTask: string): string[] {
  return Object.entries(PROVIDERS)
    .filter(([, tasks]) => Object.hasOwn(tasks, libraryTask))
    .map(([provider]) => provider);
}

export function taskCatalogue(): CatalogueTask[] {
  const pipelines = [CHAT_COMPLETION, ...Object.entries(PIPELINE_DATA).map(([id, data]) => ({ id, name: data.name, modality: data.modality }))];
  const entries = pipelines.map(({ id, name, modality }): CatalogueTask => {
    const definition = findTaskDefinition(id);
    const providers = providersOf(definition?.libraryTask ?? id);
    const base = { id, label: name, modality, modalityLabel: MODALITY_LABELS[modality] };
    if (definition !== undefined) return { ...base, runnable: true, providers };
    const reason =
      providers.length === 0
        ? "@huggingface/inference has no provider for it"
        : `${NOT_YET[id] ?? "not run yet"} (@huggingface/inference serves it through ${providers.join(", ")})`;
    return { ...base, runnable: false, reason, providers };
  });
  const order = (modality: Modality): number => MODALITIES.indexOf(modality);
  return entries.sort((a, b) => order(a.modality) - order(b.modality) || Number(b.runnable) - Number(a.runnable) || a.id.localeCompare(b.id));
}
