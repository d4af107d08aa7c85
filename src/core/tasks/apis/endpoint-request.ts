// One request to an endpoint's own API route (tasks/apis/), sent through the attempt's fetch: the timing
// fetch over the target's scoped fetch (its key to its own origin only), so timings, limits and error
// kinds are the run's as for a library call. An HTTP error is thrown as the library throws one
// (InferenceClientProviderApiError with the status and the body), so the record says it in the same words.
import { InferenceClientProviderApiError, InferenceClientProviderOutputError } from "@huggingface/inference";
import type { TaskCallContext } from "../task-definition";

/** `route` (e.g. `/embeddings`) after the target's endpoint URL. */
export function endpointRouteUrl(context: Pick<TaskCallContext, "endpointUrl">, route: string): string {
  // Validation refuses an API on a provider target; a target built by hand without an address cannot be sent anywhere.
  if (context.endpointUrl === undefined) throw new InferenceClientProviderOutputError(`${route} needs an endpoint target (endpointUrl)`);
  return `${context.endpointUrl}${route}`;
}

/**
 * POSTs `body` (JSON text, or bytes built beforehand: multipart-body.ts) to the endpoint's `route` and
 * reads the answer's JSON.
 */
export async function postToEndpoint(context: TaskCallContext, route: string, body: string | Uint8Array<ArrayBuffer>, contentType = "application/json"): Promise<unknown> {
  const url = endpointRouteUrl(context, route);
  const info = { method: "POST", headers: { "Content-Type": contentType }, body, signal: context.options.signal } satisfies RequestInit;
  const response = await context.options.fetch(url, info);
  if (!response.ok) throw await providerApiError(response, url);
  const answerType = response.headers.get("content-type");
  if (answerType?.startsWith("application/json") !== true) {
    throw new InferenceClientProviderOutputError(`the answer is ${answerType ?? "of no stated type"}, not the JSON ${route} answers with`);
  }
  return response.json();
}

/**
 * POSTs the JSON `body` to the endpoint's `route` and reads the file it answers with (audio, an image): its
 * bytes, typed as the answer says. A JSON answer there is no file: refused, saying what it was.
 */
export async function postForFile(context: TaskCallContext, route: string, body: string): Promise<Blob> {
  const url = endpointRouteUrl(context, route);
  const response = await context.options.fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body, signal: context.options.signal });
  if (!response.ok) throw await providerApiError(response, url);
  const answerType = response.headers.get("content-type") ?? "";
  if (answerType.startsWith("application/json") || answerType.startsWith("text/")) {
    throw new InferenceClientProviderOutputError(`the answer is ${answerType}, not the file ${route} answers with`);
  }
  return response.blob();
}

type ResponseBody = ConstructorParameters<typeof InferenceClientProviderApiError>[2]["body"];

/** The library's error for an HTTP failure (innerRequest in @huggingface/inference): the server's JSON, or its plain text. */
async function providerApiError(response: Response, url: string): Promise<InferenceClientProviderApiError> {
  const contentType = response.headers.get("content-type") ?? "";
  // No body and no headers: what was sent (an input, a key) has no place in an error that may be shown.
  const request = { url, method: "POST" };
  const requestId = response.headers.get("x-request-id") ?? "";
  if (contentType.startsWith("application/json") || contentType.startsWith("application/problem+json")) {
    const output = (await response.json()) as Record<string, unknown> | null;
    const said = saidIn(output);
    const message = `Failed to perform inference: ${said ?? "an HTTP error occurred when requesting the provider."}`;
    return new InferenceClientProviderApiError(message, request, { requestId, status: response.status, body: (output ?? "") as ResponseBody });
  }
  const text = contentType.startsWith("text/plain") ? await response.text() : undefined;
  return new InferenceClientProviderApiError(`Failed to perform inference: ${text ?? "an HTTP error occurred when requesting the provider"}`, request, {
    requestId,
    status: response.status,
    body: text ?? "",
  });
}

/** The server's own words: `error` (TEI, hf-inference), `error.message` (OpenAI), `detail`, `message`. */
function saidIn(output: Record<string, unknown> | null): string | null {
  if (output === null || typeof output !== "object") return null;
  const { error, detail, message } = output;
  if (typeof error === "string") return error;
  if (typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string") return (error as { message: string }).message;
  if (typeof detail === "string") return detail;
  return typeof message === "string" ? message : null;
}
