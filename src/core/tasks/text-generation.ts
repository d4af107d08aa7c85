// text-generation: a prompt continued (client.textGeneration / textGenerationStream). Two conventions answer
// it: OpenAI completions (`{ choices: [{ text }] }`, what the library asks for) and the Hugging Face one
// (`[{ "generated_text": … }]` or `{ "generated_text": … }`, as TGI and hf-inference-style servers answer).
// The library accepts only the first; an answer in the second is recognised here and recorded as a success.
import { InferenceClientProviderOutputError, type InferenceClient } from "@huggingface/inference";
import type { TargetCallResult } from "../targets";
import { collectStream, type RawUsage } from "./streaming";
import { describeValue, textInputSchema, textResult } from "./task-io";
import type { TaskCallContext, TaskDefinition } from "./task-definition";

export const textGenerationTask: TaskDefinition<string> = {
  id: "text-generation",
  libraryTask: "text-generation",
  input: textInputSchema("text-generation"),
  acceptsText: true,
  streams: true,
  textOutput: true,
  describeInput: describeValue,
  toValue: (input) => input as string,
  call: (prompt, context) => (context.stream ? streamTextGeneration(prompt, context) : textGeneration(prompt, context)),
};

type TextGenerationArgs = Parameters<InferenceClient["textGeneration"]>[0];

function textGenerationArgs(prompt: string, context: TaskCallContext): TextGenerationArgs {
  return { inputs: prompt, parameters: context.parameters, ...context.routing } as TextGenerationArgs;
}

async function textGeneration(prompt: string, context: TaskCallContext): Promise<TargetCallResult> {
  // The answer's body is kept aside (already buffered by the timing fetch: a copy, no second read of the wire).
  const kept: { answer: Response | null } = { answer: null };
  const fetchKeepingAnswer: typeof fetch = async (input, init) => {
    const response = await context.options.fetch(input, init);
    kept.answer = response.ok ? response.clone() : null;
    return response;
  };
  try {
    const response = await context.client.textGeneration(textGenerationArgs(prompt, context), { ...context.options, fetch: fetchKeepingAnswer });
    // The library keeps only `generated_text`; the provider's usage is not passed on, so tokens are counted.
    return textResult(response.generated_text);
  } catch (error) {
    if (!(error instanceof InferenceClientProviderOutputError) || kept.answer === null) throw error;
    const text = huggingFaceGeneratedText(await kept.answer.json().catch(() => undefined));
    if (text === null) throw error;
    return textResult(text);
  }
}

/** The Hugging Face answer: `[{ generated_text }]` (TGI's `/`, hf-inference) or `{ generated_text }` (TGI's `/generate`); else null. */
export function huggingFaceGeneratedText(body: unknown): string | null {
  const first: unknown = Array.isArray(body) ? body[0] : body;
  const text = (first as { generated_text?: unknown } | null | undefined)?.generated_text;
  return typeof text === "string" ? text : null;
}

/** OpenAI completion chunks carry `choices[0].text`; TGI's native stream carries `token.text`. */
interface TextGenerationStreamChunk {
  choices?: { text?: string }[];
  token?: { text?: string; special?: boolean };
  usage?: RawUsage | null;
}

async function streamTextGeneration(prompt: string, context: TaskCallContext): Promise<TargetCallResult> {
  const stream = context.client.textGenerationStream(
    { ...textGenerationArgs(prompt, context), stream_options: { include_usage: true } } as TextGenerationArgs,
    context.options,
  ) as AsyncGenerator<TextGenerationStreamChunk>;
  return collectStream(
    stream,
    (chunk) => chunk.choices?.[0]?.text ?? (chunk.token?.special ? undefined : chunk.token?.text),
    (chunk) => chunk.usage,
    context.hooks,
  );
}
