// Speech recognition on an OpenAI-compatible server (vLLM, whisper.cpp's server, LocalAI, faster-whisper
// servers): `POST {endpointUrl}/audio/transcriptions`, multipart with `file`, `model` and
// `response_format: json`, answered `{ text }` (OpenAI's API reference, "Create transcription"; vLLM's
// TranscriptionResponse adds `usage`). The scenario's parameters (language, prompt, temperature) go as
// fields of the form.
import { InferenceClientInputError } from "@huggingface/inference";
import type { TaskCallContext } from "../task-definition";
import { extensionOfMediaType } from "../media-types";
import { isJsonObject, malformedAnswer } from "./answer-fields";
import { postToEndpoint } from "./endpoint-request";
import { multipartBody, type MultipartField } from "./multipart-body";

export const OPENAI_TRANSCRIPTION_SHAPE = "openai.transcription";
const ROUTE = "/audio/transcriptions";

/** The form's fields: the scenario's parameters (plain values, a list one field per item) then the API's own, which win. */
export async function openAiTranscriptionFields(audio: Blob, context: Pick<TaskCallContext, "parameters" | "routing">): Promise<MultipartField[]> {
  const own = new Set(["file", "model", "response_format", "stream"]);
  const fields: MultipartField[] = [];
  for (const [name, value] of Object.entries(context.parameters)) {
    if (own.has(name)) continue;
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (typeof item === "string" || typeof item === "number" || typeof item === "boolean") fields.push({ name: Array.isArray(value) ? `${name}[]` : name, value: String(item) });
    }
  }
  const type = audio.type.split(";")[0]!.trim().toLowerCase();
  // The name a server reads the format from (OpenAI's go by its extension).
  const fileName = `audio.${extensionOfMediaType(type)}`;
  fields.push({ name: "file", fileName, contentType: type || "application/octet-stream", bytes: new Uint8Array(await audio.arrayBuffer()) });
  fields.push({ name: "model", value: context.routing.model }, { name: "response_format", value: "json" });
  return fields;
}

/** The transcript, from the documented answer; else an error naming the field. */
export function readOpenAiTranscription(answer: unknown): string {
  if (!isJsonObject(answer)) throw malformedAnswer(OPENAI_TRANSCRIPTION_SHAPE, "the answer", "must be an object");
  if (typeof answer.text !== "string") throw malformedAnswer(OPENAI_TRANSCRIPTION_SHAPE, "text", "must be a string");
  return answer.text;
}

/** The recording's transcript, asked of the server and read from its answer. */
export async function openAiTranscription(audio: unknown, context: TaskCallContext): Promise<string> {
  if (!(audio instanceof Blob)) throw new InferenceClientInputError("the recording was not read before the call");
  const { body, contentType } = multipartBody(await openAiTranscriptionFields(audio, context));
  return readOpenAiTranscription(await postToEndpoint(context, ROUTE, body, contentType));
}
