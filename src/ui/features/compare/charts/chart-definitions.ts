// Each compare chart's hover definition: what the chart draws, then the catalogue's own definition of
// the metrics it is read against, so a chart never defines a metric a second time.
import { metricById } from "../../../../core/metrics";

export function chartDefinition(whatItDraws: string, metricIds: readonly string[]): string {
  const metrics = metricIds.map((id) => {
    const metric = metricById(id);
    return `${metric.label}: ${metric.definition}`;
  });
  return [whatItDraws, ...metrics].join(" ");
}

/** The band's words, shared by the ECDF charts and docs/metrics.md's description of them. */
export const DKW_BAND_DEFINITION =
  "The shaded band is the 95% Dvoretzky–Kiefer–Wolfowitz band, ±√(ln(2/0.05) / 2n): with 95% confidence the true distribution lies inside it at every point at once; it narrows as the number of requests n grows.";
