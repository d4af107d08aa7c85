// One colour per task modality (the task catalogue's groups), defined here once: @huggingface/tasks
// groups tasks by modality but gives them no colour. Paul Tol's "muted" scheme, distinguishable with the
// common colour-vision deficiencies and kept apart from the targets' "bright" palette (target-colors.ts).
import type { Modality } from "@huggingface/tasks";

export const MODALITY_COLORS: Readonly<Record<Modality, string>> = {
  nlp: "#332288",
  multimodal: "#882255",
  audio: "#117733",
  cv: "#44AA99",
  tabular: "#999933",
  rl: "#CC6677",
  other: "#888888",
};
