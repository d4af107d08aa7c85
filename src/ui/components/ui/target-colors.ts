// One colour per target, the same in every chart and table of a run.

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
