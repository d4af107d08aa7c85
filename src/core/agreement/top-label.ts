// Top-1 label agreement: do two classifiers put the same label first?
import { readLabels } from "../outputs";

/** The best-scored label (the provider's first on a tie); null when the output has none. */
export function topLabel(value: unknown): string | null {
  return readLabels(value)?.[0]?.label ?? null;
}

/** 1 when both outputs put the same label first, 0 when they differ; null when either has no label. */
export function topLabelAgreement(a: unknown, b: unknown): number | null {
  const labelA = topLabel(a);
  const labelB = topLabel(b);
  if (labelA === null || labelB === null) return null;
  return labelA === labelB ? 1 : 0;
}
