// The text room: formatting numbers and units, text shown inside the product's sentences, errors in words
// and where they point (a field path, a line and column), JSON text parsed with its syntax error.
export * from "./closest-names";
export * from "./describe-error";
export * from "./display-text";
export * from "./field-path";
export * from "./format";
export * from "./json-text";
export * from "./source-position";
