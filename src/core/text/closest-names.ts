// "Did you mean …?": the known names nearest a mistyped one, so an error can suggest instead of listing
// everything (a misspelt option, a metric id of the catalogue).
import { distance } from "fastest-levenshtein";

/**
 * The known names within a few edits of `typed` (case ignored), nearest first, at most `limit` of them.
 * A third of the typed length is the most edits allowed (at least 2), so "--concurency" finds
 * "--concurrency" while "--x" finds nothing.
 */
export function closestNames(typed: string, known: readonly string[], limit = 3): string[] {
  const lowered = typed.toLowerCase();
  const allowed = Math.max(2, Math.floor(typed.length / 3));
  return known
    .map((name) => ({ name, edits: distance(lowered, name.toLowerCase()) }))
    .filter((candidate) => candidate.edits <= allowed)
    .sort((a, b) => a.edits - b.edits)
    .slice(0, limit)
    .map((candidate) => candidate.name);
}

/** `: did you mean a or b?`, or nothing when no name is near: to end an error message with. */
export function didYouMean(typed: string, known: readonly string[]): string {
  const near = closestNames(typed, known);
  if (near.length === 0) return "";
  const listed = near.length === 1 ? near[0]! : `${near.slice(0, -1).join(", ")} or ${near[near.length - 1]!}`;
  return `: did you mean ${listed}?`;
}
