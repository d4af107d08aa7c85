// text-generation: a prompt continued (client.textGeneration / textGenerationStream). Two conventions answer
// it: OpenAI completions (`{ choices: [{ text }] }`, what the library asks for) and the Hugging Face one
// (`[{ "generated_text": … }]` or `{ "generated_text": … }`, as TGI and hf-inference-style servers answer).
// The library accepts only the first; an answer in the second is recognised here and recorded as a success.
import type { InferenceClient } from "@huggingface/inference";
import { hfToolkitGeneration } from "./apis/hf-toolkit";
import type { TargetCallResult, TaskCallContext, TaskDefinition } from "./task-definition";
import { collectStream, type RawUsage } from "./streaming";
import { describeValue, huggingFaceGeneratedText, textInputSchema, textResult, withOtherConvention } from "./task-io";

export const textGenerationTask: TaskDefinition<string> = {
  id: "text-generation",
  libraryTask: "text-generation",
  input: textInputSchema("text-generation"),
  acceptsText: true,
  streams: true,
  textOutput: true,
  figures: ["generatedTokens"],
  describeInput: describeValue,
  toValue: (input) => input as string,
  call: (prompt, context) => (context.stream ? streamTextGeneration(prompt, context) : textGeneration(prompt, context)),
  apiCalls: {
    "hf-toolkit": async (prompt, context) => {
      const { text, shape } = await hfToolkitGeneration(prompt, context);
      return { ...textResult(text), answerShape: shape };
    },
  },
};

type TextGenerationArgs = Parameters<InferenceClient["textGeneration"]>[0];

function textGenerationArgs(prompt: string, context: TaskCallContext): TextGenerationArgs {
  return { inputs: prompt, parameters: context.parameters, ...context.routing } as TextGenerationArgs;
}

async function textGeneration(prompt: string, context: TaskCallContext): Promise<TargetCallResult> {
  // The library keeps only `generated_text`; the provider's usage is not passed on, so tokens are counted.
  const text = await withOtherConvention(
    context,
    async (options) => (await context.client.textGeneration(textGenerationArgs(prompt, context), options)).generated_text,
    huggingFaceGeneratedText,
  );
  return textResult(text);
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
