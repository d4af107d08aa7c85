// Structured output (structured-output-summary.ts, docs/metrics.md "Structured output"): its entries of
// the catalogue (catalogue.ts). Shown by default only in runs whose requests ask for JSON (measured-figures.ts).
import { intervalOrNone } from "../stats";
import type { Metric } from "./metric";

const NO_JSON_INTERVAL = "no interval: no requests asked for JSON";

const ASKED = "successful measured requests that asked for JSON (parameters.response_format of type json_schema or json_object)";

/** A [low, high] interval computed in the summary (Wilson's) as a Ci95. */

export function structuredOutputMetrics(): Metric[] {
  return [
    {
      id: "schemaValidRate",
      label: "Schema-valid rate",
      header: "Schema valid",
      unit: "fraction",
      better: "higher",
      value: (row) => row.schemaValidRate,
      ci95: (row) => intervalOrNone(row.schemaValidRateCi95, NO_JSON_INTERVAL),
      intervalMethod: "Wilson",
      definition: `Answers whose text parses as JSON and is valid against response_format's json_schema (a JSON object, for json_object) / ${ASKED}. A Markdown fence around the JSON counts as not JSON. Its 95% interval is Wilson's.`,
      views: ["table", "live", "diff", "cli"],
      needs: "structuredOutput",
      group: "structured",
      advanced: false,
    },
    {
      id: "schemaMismatchRate",
      label: "Valid JSON, failing the schema",
      header: "JSON, not schema",
      unit: "fraction",
      better: "lower",
      value: (row) => row.schemaMismatchRate,
      ci95: (row) => intervalOrNone(row.schemaMismatchRateCi95, NO_JSON_INTERVAL),
      intervalMethod: "Wilson",
      definition: `Answers that parse as JSON but fail the schema (a missing required property, a wrong type; not an object, for json_object) / ${ASKED}: what is left of the failures did not parse at all. Its 95% interval is Wilson's.`,
      views: ["table", "cli"],
      needs: "structuredOutput",
      group: "structured",
      advanced: false,
    },
    {
      id: "structuredRequests",
      label: "Requests asking for JSON",
      header: "JSON req",
      unit: "count",
      better: null,
      value: (row) => row.structuredRequests,
      definition: `The ${ASKED}: the schema-valid rate's denominator.`,
      views: [],
      needs: "structuredOutput",
      group: "structured",
      advanced: true,
    },
  ];
}
