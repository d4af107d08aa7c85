// Which API an endpoint target speaks (docs/endpoint-apis.md): the names alone, a leaf that task-definition.ts
// can name without importing what reads a task's definition (endpoint-apis.ts).
export const ENDPOINT_APIS = ["hf", "openai", "tei", "hf-toolkit"] as const;

export type EndpointApi = (typeof ENDPOINT_APIS)[number];

/** What a target that names no API speaks: the library's own convention, as before targets could name one. */
export const DEFAULT_ENDPOINT_API = "hf" satisfies EndpointApi;

/** An API besides the default: a task that speaks it has its own call for it (TaskDefinition.apiCalls). */
export type OwnEndpointApi = Exclude<EndpointApi, "hf">;

/** What each API is, in a sentence's words: for messages and the docs' table. */
export const ENDPOINT_API_NAMES: Readonly<Record<EndpointApi, string>> = {
  hf: "the Hugging Face task route (the library's endpointUrl convention)",
  openai: "the OpenAI-compatible API (vLLM, llama.cpp, Ollama, TEI's /v1)",
  tei: "Text Embeddings Inference's own routes",
  "hf-toolkit": "Hugging Face's inference toolkit (an Inference Endpoint's default container): POST / with { inputs, parameters }",
};
