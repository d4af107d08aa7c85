// Which API an endpoint target speaks (docs/endpoint-apis.md). "hf", the default, is what the library
// sends to an `endpointUrl` (the Hugging Face task routes, OpenAI's for chat); the others are a server's
// own documented routes, each request and answer shaped by its module under tasks/apis/.
import { DEFAULT_ENDPOINT_API, ENDPOINT_APIS, type EndpointApi, type OwnEndpointApi } from "./endpoint-api-names";
import { HF_TOOLKIT_READERS } from "./apis/hf-toolkit-answers";
import { hfToolkitCall } from "./apis/hf-toolkit";
import type { TaskCall, TaskDefinition } from "./task-definition";

/** The APIs a task speaks: the default, then each it has a call for. */
export function endpointApisOf(definition: Pick<TaskDefinition, "id" | "apiCalls">): EndpointApi[] {
  return [DEFAULT_ENDPOINT_API, ...ENDPOINT_APIS.filter((api): api is OwnEndpointApi => api !== DEFAULT_ENDPOINT_API && speaks(definition, api as OwnEndpointApi))];
}

function speaks(definition: Pick<TaskDefinition, "id" | "apiCalls">, api: OwnEndpointApi): boolean {
  if (definition.apiCalls?.[api] !== undefined) return true;
  // The toolkit's calls are one table (apis/hf-toolkit-answers.ts), not each task's: its request is the library's.
  return api === "hf-toolkit" && Object.hasOwn(HF_TOOLKIT_READERS, definition.id);
}

/** The task's call for an API besides the default: its own (apiCalls), else the toolkit's; undefined when it does not speak it. */
export function endpointApiCall<Input>(definition: TaskDefinition<Input>, api: OwnEndpointApi): TaskCall<Input> | undefined {
  return definition.apiCalls?.[api] ?? (api === "hf-toolkit" ? hfToolkitCall(definition) : undefined);
}
