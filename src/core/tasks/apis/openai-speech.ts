// Text to speech on an OpenAI-compatible server (vLLM's audio models, Kokoro-FastAPI, openedai-speech,
// LocalAI, Speaches): `POST {endpointUrl}/audio/speech` with `{ model, input, voice, response_format }`,
// answered with the audio file itself (OpenAI's API reference, "Create speech"). WAV is asked unless the
// scenario says otherwise: its header gives the duration the speech figures need (media-info.ts).
import type { TaskCallContext } from "../task-definition";
import { postForFile } from "./endpoint-request";

export const OPENAI_SPEECH_SHAPE = "openai.speech";
const ROUTE = "/audio/speech";
/** OpenAI's voices are named; a server without that name answers its own error, in its words. */
const DEFAULT_VOICE = "alloy";

/** The scenario's parameters (voice, speed, instructions, response_format) beside the API's own fields, which win. */
export function openAiSpeechBody(text: string, context: Pick<TaskCallContext, "parameters" | "routing">): string {
  const { voice = DEFAULT_VOICE, response_format: format = "wav", ...rest } = context.parameters;
  return JSON.stringify({ ...rest, voice, response_format: format, model: context.routing.model, input: text });
}

/** The spoken text's audio, asked of the server. */
export async function openAiSpeech(text: string, context: TaskCallContext): Promise<Blob> {
  return postForFile(context, ROUTE, openAiSpeechBody(text, context));
}
