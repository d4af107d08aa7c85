// Which API an endpoint target speaks (docs/endpoint-apis.md). "hf", the default, is what the library
// sends to an `endpointUrl` (the Hugging Face task routes, OpenAI's for chat); the others are a server's
// own documented routes, each request and answer shaped by its module under tasks/apis/.
import { DEFAULT_ENDPOINT_API, ENDPOINT_APIS, type EndpointApi, type OwnEndpointApi } from "./endpoint-api-names";
import type { TaskDefinition } from "./task-definition";

/** The APIs a task speaks: the default, then each it has a call for. */
export function endpointApisOf(definition: Pick<TaskDefinition, "apiCalls">): EndpointApi[] {
  return [DEFAULT_ENDPOINT_API, ...ENDPOINT_APIS.filter((api): api is OwnEndpointApi => api !== DEFAULT_ENDPOINT_API && definition.apiCalls?.[api as OwnEndpointApi] !== undefined)];
}
