// What a chat request's `response_format` asks for, as far as its answers can be judged: OpenAI's
// `{ type: "json_schema", json_schema: { name, schema } }` and `{ type: "json_object" }`. Other forms
// (`text`, a server's own grammar shapes) ask for nothing judged here. Light on purpose: what a run
// measures (metrics/measured-figures.ts) reads it on the first screen; the schema is compiled elsewhere
// (scenario/structured-output-checks.ts).

export type RequestedResponseFormat = { type: "json_object" } | { type: "json_schema"; schema: Record<string, unknown> | null };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The JSON the request asks for; null when it asks for none (no response_format, or a form not judged). */
export function requestedResponseFormat(parameters: Readonly<Record<string, unknown>>): RequestedResponseFormat | null {
  const format = parameters.response_format;
  if (!isObject(format)) return null;
  if (format.type === "json_object") return { type: "json_object" };
  if (format.type !== "json_schema") return null;
  const schema = isObject(format.json_schema) && isObject(format.json_schema.schema) ? format.json_schema.schema : null;
  return { type: "json_schema", schema };
}
