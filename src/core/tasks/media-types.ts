// A file's extension from its media type: the one table, for the command line's --outputs-dir file names
// and for the file name a multipart upload carries (servers such as OpenAI's read the format from it).

const EXTENSIONS: Readonly<Record<string, string>> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/bmp": "bmp",
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/wave": "wav",
  "audio/flac": "flac",
  "audio/mpeg": "mp3",
  "audio/ogg": "ogg",
  "audio/webm": "webm",
  "audio/mp4": "m4a",
  "video/mp4": "mp4",
  "application/pdf": "pdf",
  "application/json": "json",
};

/** `png` for `image/png; charset=…`; `bin` for a type it does not know. */
export function extensionOfMediaType(mime: string): string {
  return EXTENSIONS[mime.split(";")[0]?.trim().toLowerCase() ?? ""] ?? "bin";
}
