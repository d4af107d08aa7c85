// Agreement across targets (src/core/agreement, docs/metrics.md "Agreement"): each target's figure with
// the others, from the one catalogue of agreement measures; empty for a task the measure does not fit.
import { AGREEMENT_MEASURES } from "../agreement";
import type { SummaryRow } from "../stats";
import type { Metric } from "./metric";

export function agreementMetrics(): Metric[] {
  return AGREEMENT_MEASURES.map((measure) => ({
    id: measure.id,
    label: measure.label,
    header: measure.header,
    unit: measure.unit,
    better: measure.better,
    value: (row: SummaryRow) => row.agreement?.[measure.id] ?? null,
    definition: measure.targetDefinition,
    views: [],
    group: "agreement",
    advanced: false,
  }));
}
