// The charts' two colour sets, each defined here once: one colour per target, the same in every chart
// and table of a run; and one per error kind, kept well apart from the targets' so a failure is never
// read as a target.
import type { ErrorKind } from "../../../core/record";

/**
 * Paul Tol's "bright" qualitative scheme: distinguishable with the common colour-vision deficiencies,
 * and mid-luminance, so every colour reads on both a white and a near-black background.
 */
export const TARGET_PALETTE = ["#4477AA", "#EE6677", "#228833", "#CCBB44", "#66CCEE", "#AA3377", "#BBBBBB"] as const;

/** For targets not in the list (e.g. records of a target since removed from the scenario). */
export const UNKNOWN_TARGET_COLOR = "#888888";

// Beyond the palette, hues step by the golden angle so neighbours stay far apart; at this lightness
// they still read on light and dark backgrounds, though they are no longer guaranteed colour-blind safe.
const GOLDEN_ANGLE_DEGREES = 137.508;

/** The colour of a target, chosen by its position in allTargetIds so it is stable within a run. */
export function targetColor(targetId: string, allTargetIds: string[]): string {
  const index = allTargetIds.indexOf(targetId);
  if (index < 0) return UNKNOWN_TARGET_COLOR;
  const fromPalette = TARGET_PALETTE[index];
  if (fromPalette !== undefined) return fromPalette;
  const hue = Math.round(((index - TARGET_PALETTE.length) * GOLDEN_ANGLE_DEGREES + 30) % 360);
  return `hsl(${hue} 65% 55%)`;
}

/** A failure's kind, or "other" for failures counted without one. */
export type ErrorColorKey = ErrorKind | "other";

/**
 * Error kinds take the hues and lightnesses the target palette leaves free (orange, amber, brown,
 * violet, indigo, teal, dark grey), each at least ΔE 25 (CIELAB) from every target colour, by family:
 * server errors orange, client errors brown and amber, transport cool, the rest grey and dark.
 */
export const ERROR_KIND_COLORS: Readonly<Record<ErrorColorKey, string>> = {
  http_5xx: "#E8601C",
  rate_limited: "#F4A736",
  http_4xx: "#994F00",
  timeout: "#7B3FE4",
  network: "#332288",
  bad_response: "#44AA99",
  input: "#01665E",
  aborted: "#6E6E6E",
  // Near black: like aborted, the client's doing (an arrival the open loop's cap refused), not the provider's.
  dropped: "#222222",
  other: "#5A3E1B",
};

/** The HTTP phases' colours (the compare page's phase bars): Paul Tol's "muted" scheme, apart from the targets' "bright" one. */
export const PHASE_COLORS = {
  connect: "#332288",
  tls: "#88CCEE",
  waiting: "#DDCC77",
  receiving: "#117733",
} as const;
