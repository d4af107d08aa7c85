// The server-metrics room (docs/server-metrics.md): a target's Prometheus page scraped through a run
// (scraper.ts, a function of a clock, a timer and a fetch), read with parse-prometheus-text-format
// (prometheus-page.ts), its known families mapped by name for vLLM, SGLang, TGI and llama.cpp
// (known-families.ts, read-page.ts), kept per scrape (server-scrape.ts), and summarised per target with
// percentiles from the histograms' buckets (bucket-quantile.ts, server-summary.ts).
export * from "./bucket-quantile";
export * from "./client-beside-server";
export * from "./known-families";
export * from "./metrics-url";
export * from "./prometheus-page";
export * from "./read-page";
export * from "./scraper";
export * from "./server-scrape";
export * from "./server-summary";
