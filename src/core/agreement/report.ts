// Agreement across targets as plain JSON: the --summary file's `agreement` list, rounded as the summary
// CSV rounds the same figures (each measure's unit).
import { roundForFile } from "../text";
import type { MeasureAgreement } from "./pairs";

export interface AgreementJson {
  id: string;
  label: string;
  directed: boolean;
  unanimousShare: number | null;
  unanimousInputs: number;
  pairs: { referenceId: string; otherId: string; value: number | null; inputs: number }[];
}

/** An undirected measure's pairs once each, the first-listed way round (the targets' order). */
function listedPairs(result: MeasureAgreement): MeasureAgreement["pairs"] {
  if (result.measure.directed) return result.pairs;
  const seen = new Set<string>();
  return result.pairs.filter((pair) => {
    if (seen.has(`${pair.otherId}\u0000${pair.referenceId}`)) return false;
    seen.add(`${pair.referenceId}\u0000${pair.otherId}`);
    return true;
  });
}

export function agreementToJson(results: readonly MeasureAgreement[]): AgreementJson[] {
  return results.map((result) => ({
    id: result.measure.id,
    label: result.measure.label,
    directed: result.measure.directed,
    unanimousShare: roundForFile("fraction", result.unanimousShare),
    unanimousInputs: result.unanimousInputs,
    pairs: listedPairs(result).map((pair) => ({ ...pair, value: roundForFile(result.measure.unit, pair.value) })),
  }));
}
