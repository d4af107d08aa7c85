// automatic-speech-recognition: a transcript of a sound (client.automaticSpeechRecognition). The transcript
// is text (counted, checked); timestamped chunks, when the provider sends them, stay in outputValue. An
// endpoint target may speak OpenAI's `/audio/transcriptions` instead (apis/): the same text is kept.
import { OPENAI_TRANSCRIPTION_SHAPE, openAiTranscription } from "./apis/openai-transcriptions";
import { describeValue, inputFileSchema, taskArgs, textResult, type FilePart } from "./task-io";
import type { TaskDefinition } from "./task-definition";

/** The shape of the library's answer: `{ text, chunks? }`. */
export const HF_SPEECH_RECOGNITION_SHAPE = "hf.automatic-speech-recognition";

export const automaticSpeechRecognitionTask: TaskDefinition<FilePart> = {
  id: "automatic-speech-recognition",
  libraryTask: "automatic-speech-recognition",
  input: inputFileSchema,
  acceptsText: false,
  streams: false,
  textOutput: true,
  figures: ["inputAudio"],
  endpointRoute: "/automatic-speech-recognition",
  describeInput: describeValue,
  toValue: (input) => input as FilePart,
  call: async (audio, context) => {
    const args = taskArgs("automaticSpeechRecognition", audio, context);
    const transcript = await context.client.automaticSpeechRecognition(args, context.options);
    return { ...textResult(transcript.text, transcript.chunks === undefined ? null : transcript), answerShape: HF_SPEECH_RECOGNITION_SHAPE };
  },
  apiCalls: {
    openai: async (audio, context) => ({ ...textResult(await openAiTranscription(audio, context)), answerShape: OPENAI_TRANSCRIPTION_SHAPE }),
  },
};
