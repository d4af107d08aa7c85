// text-to-speech: audio from a text (client.textToSpeech); the audio is kept by reference (BlobRef). An
// endpoint target may speak OpenAI's `/audio/speech` instead (apis/openai-speech.ts): the same audio is kept.
import { OPENAI_SPEECH_SHAPE, openAiSpeech } from "./apis/openai-speech";
import { blobResult, describeValue, textInputSchema, taskArgs } from "./task-io";
import type { TaskDefinition } from "./task-definition";

export const textToSpeechTask: TaskDefinition<string> = {
  id: "text-to-speech",
  libraryTask: "text-to-speech",
  input: textInputSchema("text-to-speech"),
  acceptsText: true,
  streams: false,
  textOutput: false,
  figures: ["outputAudio"],
  endpointRoute: "/text-to-speech",
  describeInput: describeValue,
  toValue: (input) => input as string,
  call: async (text, context) => {
    const audio = await context.client.textToSpeech(taskArgs("textToSpeech", text, context), context.options);
    return blobResult(audio, context);
  },
  apiCalls: {
    openai: async (text, context) => ({ ...(await blobResult(await openAiSpeech(text, context), context)), answerShape: OPENAI_SPEECH_SHAPE }),
  },
};
