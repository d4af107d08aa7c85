// A task on Hugging Face's inference toolkit (api: hf-toolkit): the library's own request for the task
// (`{ inputs, parameters }`, or the file's bytes), posted to the endpoint's root (`POST /`, the toolkit's
// route), and the answer read by the task's reader (hf-toolkit-answers.ts) into the form the library reads,
// so the task's own call builds the record the default gives. The reading happens after the timing fetch
// has the whole answer: the clock is the run's, and the request path of other targets is untouched.
import type { TaskCall, TaskCallContext, TaskDefinition } from "../task-definition";
import { has, objects } from "./answer-objects";
import { postToEndpoint } from "./endpoint-request";
import { HF_TOOLKIT_READERS, type ToolkitReader } from "./hf-toolkit-answers";

/** The toolkit's call for a task it answers (HF_TOOLKIT_READERS), else undefined. */
export function hfToolkitCall<Input>(definition: TaskDefinition<Input>): TaskCall<Input> | undefined {
  const read = (HF_TOOLKIT_READERS as Readonly<Record<string, ToolkitReader>>)[definition.id];
  if (read === undefined) return undefined;
  return async (input, context) => {
    const seen = { shape: `hf-toolkit.${definition.id}` };
    const options = { ...context.options, fetch: fetchReadingWith(read, context, seen) };
    const result = await definition.call(input, { ...context, options });
    return { ...result, answerShape: seen.shape };
  };
}

/** The attempt's fetch, its JSON answer handed on in the library's form (or refused, naming the field). */
function fetchReadingWith(read: ToolkitReader, context: TaskCallContext, seen: { shape: string }): typeof fetch {
  return async (url, init) => {
    const response = await context.options.fetch(url, init);
    if (!response.ok || response.headers.get("content-type")?.startsWith("application/json") !== true) return response;
    const reading = read(await response.json());
    seen.shape = reading.shape;
    return Response.json(reading.value, { status: response.status });
  };
}

/** The text-generation pipeline's answer: `[{ generated_text }]`, a batch's `[[…]]`. */
const readGeneration = objects("hf-toolkit.text-generation", 1, has({ generated_text: "string" }));

/**
 * Text generation on the toolkit, whose request the library does not build (it asks OpenAI's completions of
 * an endpoint): `{ inputs, parameters }` at the root, the continuation only (`return_full_text: false`, the
 * pipeline's default being the prompt and its continuation) unless the scenario says otherwise. The
 * pipeline answers whole: no stream, so no time to first token.
 */
export async function hfToolkitGeneration(prompt: string, context: TaskCallContext): Promise<{ text: string; shape: string }> {
  const body = JSON.stringify({ inputs: prompt, parameters: { return_full_text: false, ...context.parameters } });
  const { value, shape } = readGeneration(await postToEndpoint(context, "", body));
  const first = (value as { generated_text: string }[])[0];
  return { text: first?.generated_text ?? "", shape };
}
