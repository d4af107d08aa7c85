// The agreement catalogue: every figure that compares two targets' outputs for the same input, defined
// once (like the metric catalogue, metrics/). The compare page's tables, the summary rows (and so the
// CSV and --summary JSON) and docs/metrics.md all use these entries.
import type { Better } from "../text";
import type { Unit } from "../text";
import { outputKindOf, readAnswer, readOutputText } from "../outputs";
import { embeddingCosine } from "./cosine-similarity";
import { detectionBoxIou } from "./box-iou";
import { NDCG_DEPTH, rankingNdcg } from "./ranking-ndcg";
import { lengthRatio, normalisedExactMatch } from "./text-match";
import { topLabelAgreement } from "./top-label";
import { wordErrorRate } from "./word-error-rate";

/** What a target answered to one input: the parsed output (record.outputValue) and its text (record.output). */
export interface TargetOutput {
  value: unknown;
  text: string | null;
}

export interface AgreementMeasure {
  /** Stable name: the summary row's field, the CSV column and --summary key. */
  id: string;
  label: string;
  header: string;
  unit: Unit;
  better: Better;
  /**
   * True when the figure depends on the order of the pair (word error rate: the first is the reference).
   * A matrix then reads row = reference, column = the target judged.
   */
  directed: boolean;
  /** Each input's figure is 1 (agree) or 0: the share of inputs where every target agrees is also given. */
  binary: boolean;
  /** One line: what one pair's figure is. */
  definition: string;
  /** What a target's own figure in the summary row is. */
  targetDefinition: string;
  appliesTo(task: string): boolean;
  /** The figure for one input; null when this pair's outputs cannot be compared (a missing or malformed output). */
  compare(task: string, reference: TargetOutput, other: TargetOutput): number | null;
}

const ASR = "automatic-speech-recognition";

/** Text-output tasks compared as text; transcripts are compared by word error rate instead. */
function comparesText(task: string): boolean {
  const kind = outputKindOf(task);
  return (kind === "text" && task !== ASR) || kind === "answer";
}

/** The text to compare: an answer's own text for question answering, else the whole output text. */
function comparableText(task: string, output: TargetOutput): string | null {
  if (outputKindOf(task) === "answer") return readAnswer(output.value)?.answer ?? null;
  return readOutputText(output.value) ?? output.text;
}

function textMeasure(task: string, reference: TargetOutput, other: TargetOutput, measure: (a: string, b: string) => number | null): number | null {
  const a = comparableText(task, reference);
  const b = comparableText(task, other);
  return a === null || b === null ? null : measure(a, b);
}

/** The text of a transcript: the output's `text` field, else the record's text. */
function transcript(output: TargetOutput): string | null {
  return readOutputText(output.value) ?? output.text;
}

const PER_TARGET_MEAN = "Mean, over the other targets, of this target's figure with each (each pair's figure is the mean over the inputs both answered).";

export function agreementMeasures(task: string): AgreementMeasure[] {
  return AGREEMENT_MEASURES.filter((measure) => measure.appliesTo(task));
}

export function agreementMeasureById(id: string): AgreementMeasure | undefined {
  return AGREEMENT_MEASURES.find((measure) => measure.id === id);
}

export const AGREEMENT_MEASURES: readonly AgreementMeasure[] = [
  {
    id: "agreementTop1",
    label: "Top-1 label agreement",
    header: "Top-1 agree",
    unit: "fraction",
    better: "higher",
    directed: false,
    binary: true,
    definition: "Share of the inputs both targets classified where they put the same label first (highest score).",
    targetDefinition: `Top-1 label agreement with the other targets. ${PER_TARGET_MEAN}`,
    appliesTo: (task) => outputKindOf(task) === "labels",
    compare: (_task, a, b) => topLabelAgreement(a.value, b.value),
  },
  {
    id: "agreementCosine",
    label: "Embedding cosine similarity",
    header: "Cosine",
    unit: "score",
    better: "higher",
    directed: false,
    binary: false,
    definition: "Mean cosine similarity (a·b / |a||b|, −1 to 1) of the two targets' embeddings of the same input; vectors of different lengths are not compared.",
    targetDefinition: `Embedding cosine similarity with the other targets. ${PER_TARGET_MEAN}`,
    appliesTo: (task) => outputKindOf(task) === "vector",
    compare: (_task, a, b) => embeddingCosine(a.value, b.value),
  },
  {
    id: "agreementExactMatch",
    label: "Normalised exact match",
    header: "Exact match",
    unit: "fraction",
    better: "higher",
    directed: false,
    binary: true,
    definition: "Share of the inputs where both texts are equal once normalised (NFKC, lower case, punctuation and symbols dropped, white space collapsed); for question answering, the answers.",
    targetDefinition: `Normalised exact match with the other targets. ${PER_TARGET_MEAN}`,
    appliesTo: comparesText,
    compare: (task, a, b) => textMeasure(task, a, b, normalisedExactMatch),
  },
  {
    id: "agreementLengthRatio",
    label: "Length ratio",
    header: "Length ratio",
    unit: "fraction",
    better: "higher",
    directed: false,
    binary: false,
    definition: "Mean, over the inputs, of the shorter text's length over the longer's, in characters: 100% when every pair of answers is as long.",
    targetDefinition: `Length ratio with the other targets. ${PER_TARGET_MEAN}`,
    appliesTo: comparesText,
    compare: (task, a, b) => textMeasure(task, a, b, lengthRatio),
  },
  {
    id: "agreementWordErrorRate",
    label: "Word error rate between transcripts",
    header: "WER",
    unit: "fraction",
    better: "lower",
    directed: true,
    binary: false,
    definition:
      "Mean, over the inputs, of (word substitutions + deletions + insertions) / words of the reference transcript, the row's target being the reference; words normalised as for exact match.",
    targetDefinition: "Word error rate of this target's transcripts against each other target's as reference, averaged over the other targets.",
    appliesTo: (task) => task === ASR,
    compare: (_task, reference, other) => {
      const a = transcript(reference);
      const b = transcript(other);
      return a === null || b === null ? null : wordErrorRate(a, b);
    },
  },
  {
    id: "agreementBoxIou",
    label: "Box IoU",
    header: "Box IoU",
    unit: "fraction",
    better: "higher",
    directed: false,
    binary: false,
    definition:
      "Mean, over the inputs, of matched-box IoU: boxes of the same label matched one to one (highest intersection over union first), the matched IoUs summed over the larger box count; both finding nothing is 100%.",
    targetDefinition: `Box IoU with the other targets. ${PER_TARGET_MEAN}`,
    appliesTo: (task) => outputKindOf(task) === "boxes",
    compare: (_task, a, b) => detectionBoxIou(a.value, b.value),
  },
  {
    id: "agreementNdcg",
    label: `Ranking agreement (NDCG@${NDCG_DEPTH})`,
    header: `NDCG@${NDCG_DEPTH}`,
    unit: "fraction",
    better: "higher",
    directed: true,
    binary: false,
    definition: `NDCG@${NDCG_DEPTH} of the other target's ranking of the documents, the reference's ranking taken as graded relevance (its first document the most relevant); 1 when the top ${NDCG_DEPTH} agree in order.`,
    targetDefinition: `Ranking agreement of this target's rankings judged against each other target's, averaged over the other targets.`,
    appliesTo: (task) => task === "text-ranking",
    compare: (_task, reference, other) => rankingNdcg(reference.value, other.value),
  },
];
