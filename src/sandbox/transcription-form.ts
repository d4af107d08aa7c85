// OpenAI's `POST /<profile>/v1/audio/transcriptions` (multipart: file, model, response_format): the form read
// into the recording the task route transcribes, so the answer is the speech-recognition one, `{ text }`,
// on the profile's timeline and with its faults, whichever route asked.

/** The route's path after the profile's name. */
export const TRANSCRIPTIONS_ROUTE = "/v1/audio/transcriptions";

export function isMultipartForm(contentType: string | undefined): boolean {
  return (contentType ?? "").toLowerCase().startsWith("multipart/form-data");
}

/** The recording in `file`, or what is wrong with the form (OpenAI's documented fields and answer format). */
export async function readTranscriptionForm(raw: Buffer, contentType: string): Promise<{ bytes: Uint8Array } | { error: string }> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { "content-type": contentType } }).formData();
  } catch (error) {
    return { error: `We could not parse the multipart body of your request: ${error instanceof Error ? error.message : String(error)}` };
  }
  const file = form.get("file");
  if (!(file instanceof Blob)) return { error: "Missing required parameter: 'file' (the recording, as a file part)." };
  const model = form.get("model");
  if (typeof model !== "string" || model === "") return { error: "Missing required parameter: 'model'." };
  const format = form.get("response_format") ?? "json";
  if (format !== "json") return { error: `Invalid value for 'response_format': the sandbox answers "json" only.` };
  return { bytes: new Uint8Array(await file.arrayBuffer()) };
}
