// A target's prices, saved with the scenario, and what one request cost (docs/metrics.md, "Cost").
// Prices are in US dollars. Each part applies to one quantity a record carries; a part whose quantity
// no record of the task carries (images, audio seconds for a text task) is refused as not applicable.
import { z } from "zod";
import type { RequestRecord } from "../record";

const priceAmount = z.number({ error: "must be a number (US dollars)" }).min(0, "must be 0 or more").max(1_000_000, "must be at most 1,000,000");

export const priceSchema = z
  .strictObject({
    /** US dollars per million input (prompt) tokens, as the provider reports them in `usage`. */
    inputPerMillionTokens: priceAmount.optional(),
    /** US dollars per million output tokens. */
    outputPerMillionTokens: priceAmount.optional(),
    /** US dollars per successful request, whatever its size. */
    perRequest: priceAmount.optional(),
    /** US dollars per generated image: for image tasks, whose records will carry an image count. */
    perImage: priceAmount.optional(),
    /** US dollars per second of audio: for audio tasks, whose records will carry a duration. */
    perAudioSecond: priceAmount.optional(),
    /**
     * US dollars per million input tokens served from the provider's prompt cache (the record's
     * cachedInputTokens, part of its inputTokens): those are priced at this, the rest at inputPerMillionTokens.
     */
    cachedInputPerMillionTokens: priceAmount.optional(),
  })
  .refine((price) => Object.values(price).some((amount) => amount !== undefined), { message: "needs at least one price" })
  // A discount on the input price: alone it would price the uncached input tokens as free.
  .refine((price) => price.cachedInputPerMillionTokens === undefined || price.inputPerMillionTokens !== undefined, {
    message: "needs inputPerMillionTokens too (the uncached input tokens' price)",
    path: ["cachedInputPerMillionTokens"],
  });

export type TargetPrice = z.output<typeof priceSchema>;
export type PricePart = keyof TargetPrice;

/**
 * The quantities each task's records carry. A task not listed carries a request and nothing else to
 * price by. Images: text to image and image to image (`outputImages`); audio seconds: the audio sent
 * (speech recognition, audio classification: `inputAudioSeconds`) or spoken (text to speech: `outputAudioSeconds`).
 */
const PRICED_QUANTITIES_BY_TASK: Readonly<Record<string, readonly PricePart[]>> = {
  "chat-completion": ["inputPerMillionTokens", "outputPerMillionTokens", "perRequest", "cachedInputPerMillionTokens"],
  "text-generation": ["inputPerMillionTokens", "outputPerMillionTokens", "perRequest", "cachedInputPerMillionTokens"],
  "image-text-to-text": ["inputPerMillionTokens", "outputPerMillionTokens", "perRequest", "cachedInputPerMillionTokens"],
  "feature-extraction": ["inputPerMillionTokens", "perRequest"],
  "text-to-image": ["perImage", "perRequest"],
  "image-to-image": ["perImage", "perRequest"],
  "automatic-speech-recognition": ["perAudioSecond", "perRequest"],
  "audio-classification": ["perAudioSecond", "perRequest"],
  "text-to-speech": ["perAudioSecond", "perRequest"],
};

const REQUEST_ONLY: readonly PricePart[] = ["perRequest"];

/** Price parts that cannot apply to the task's records, each with the reason, for the scenario's errors. */
export function inapplicablePriceParts(task: string, price: TargetPrice): { part: PricePart; message: string }[] {
  const applicable = PRICED_QUANTITIES_BY_TASK[task] ?? REQUEST_ONLY;
  return (Object.keys(price) as PricePart[])
    .filter((part) => price[part] !== undefined && !applicable.includes(part))
    .map((part) => ({ part, message: `not applicable: ${task} records carry no ${QUANTITY_NAMES[part]}` }));
}

const QUANTITY_NAMES: Readonly<Record<PricePart, string>> = {
  inputPerMillionTokens: "input token count",
  outputPerMillionTokens: "output token count",
  perRequest: "request",
  perImage: "image count",
  perAudioSecond: "audio duration",
  cachedInputPerMillionTokens: "cached input token count",
};

export interface RequestCost {
  usd: number;
  /** Rests on a token count ProviderBench estimated (the provider reported none): the ≈ rule. */
  estimated: boolean;
}

/** The quantities a record is priced by: its own, and a tool loop's totals over its steps. */
type PricedFields = Pick<RequestRecord, "inputTokens" | "outputTokens" | "tokensEstimated" | "inputAudioSeconds" | "outputAudioSeconds" | "outputImages" | "cachedInputTokens"> &
  Pick<RequestRecord, "toolSteps" | "toolLoopInputTokens" | "toolLoopOutputTokens" | "toolLoopCachedInputTokens">;

/**
 * What one successful request cost at this price, or null when a priced quantity is missing from the
 * record (a provider that reports no input tokens, say): such a request is not priced. A tool loop
 * (toolSteps set: docs/metrics.md, "Tool loops") made a request per step, each billed: it is priced on
 * its steps' summed tokens and perRequest once per step, not on its first step's counts alone.
 */
export function requestCost(price: TargetPrice, record: PricedFields): RequestCost | null {
  const loopSteps = typeof record.toolSteps === "number" ? record.toolSteps : null;
  const loop = loopSteps !== null;
  let usd = (price.perRequest ?? 0) * (loopSteps ?? 1);
  if (price.perImage !== undefined && price.perImage > 0) {
    const images = record.outputImages ?? null;
    if (images === null) return null;
    usd += images * price.perImage;
  }
  if (price.perAudioSecond !== undefined && price.perAudioSecond > 0) {
    // A task's records carry one of the two: the audio it was sent, or the audio it answered with.
    const seconds = record.inputAudioSeconds ?? record.outputAudioSeconds ?? null;
    if (seconds === null) return null;
    usd += seconds * price.perAudioSecond;
  }
  // A loop's totals are null when a step reported no count (and absent from a record written before them): unpriced.
  const inputTokens = loop ? (record.toolLoopInputTokens ?? null) : record.inputTokens;
  const outputTokens = loop ? (record.toolLoopOutputTokens ?? null) : record.outputTokens;
  const cachedInputTokens = loop ? (record.toolLoopCachedInputTokens ?? null) : (record.cachedInputTokens ?? null);
  let estimated = false;
  if (price.inputPerMillionTokens !== undefined && price.inputPerMillionTokens > 0) {
    if (inputTokens === null) return null;
    usd += inputTokensCost(price.inputPerMillionTokens, price.cachedInputPerMillionTokens, inputTokens, cachedInputTokens);
  }
  if (price.outputPerMillionTokens !== undefined && price.outputPerMillionTokens > 0) {
    if (outputTokens === null) return null;
    usd += (outputTokens * price.outputPerMillionTokens) / 1_000_000;
    // Only the output count is ever estimated: an unreported input count stays null. A loop's total sums reported counts only.
    estimated = !loop && record.tokensEstimated;
  }
  return { usd, estimated };
}

/**
 * The input tokens at the input price, those the provider served from its cache at the cached price when
 * both the price and the count are known. A provider that reports no cached count is charged in full:
 * an unknown count is not read as a discount.
 */
function inputTokensCost(inputPrice: number, cachedPrice: number | undefined, inputTokens: number, cachedInputTokens: number | null): number {
  if (cachedPrice === undefined || cachedInputTokens === null) return (inputTokens * inputPrice) / 1_000_000;
  // cached_tokens is part of prompt_tokens; a count past it (a provider's mistake) is capped, not made negative.
  const cached = Math.min(cachedInputTokens, inputTokens);
  return ((inputTokens - cached) * inputPrice + cached * cachedPrice) / 1_000_000;
}
