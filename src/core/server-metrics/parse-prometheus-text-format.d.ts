// parse-prometheus-text-format 1.1.1 ships no types: the part of its output this room reads
// (prometheus-page.ts). Values stay the strings the page wrote ("1.5e3", "+Inf", "NaN").
declare module "parse-prometheus-text-format" {
  export interface PrometheusSample {
    value?: string;
    labels?: Record<string, string>;
    /** Histograms and summaries, which this room never hands the library (their TYPE is rewritten). */
    buckets?: Record<string, string>;
    quantiles?: Record<string, string>;
    count?: string;
    sum?: string;
    timestamp_ms?: string;
  }

  export interface PrometheusFamily {
    name: string;
    help: string;
    /** Upper case: GAUGE, COUNTER, UNTYPED, HISTOGRAM, SUMMARY. */
    type: string;
    metrics: PrometheusSample[];
  }

  /** Throws an Error named InvalidLineError whose message repeats the line. */
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
