// A score in [0, 1] as the views write it; a provider's score outside that range is clamped for the bar only.
import { MISSING } from "../../../components/ui/format";

export function formatScore(score: number | null): string {
  return score === null ? MISSING : `${(score * 100).toFixed(1)}%`;
}

/** The bar's share of its track: the score clamped to [0, 1]. */
export function barShare(score: number | null): number {
  return score === null ? 0 : Math.max(0, Math.min(1, score));
}
