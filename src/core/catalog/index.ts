// The catalog room: which providers serve a model and at what price. The Hub's provider mapping, the
// router's model list and the Hub's model search (each a bounded, checked look-up through the caller's
// fetch, the token to Hugging Face hosts only), the providers table that joins them with each value's
// source, the scenario that compares them all, and the preflight that drops the providers that refuse.
export * from "./feature-support";
export * from "./listed-price-text";
export * from "./lookup-request";
export * from "./model-search";
export * from "./preflight";
export * from "./prices-now";
export * from "./prices-still-applying";
export * from "./provider-mapping";
export * from "./providers-table";
export * from "./router-models";
export * from "./scenario-from-providers";
