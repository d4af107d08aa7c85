// A multipart/form-data body built as bytes before the request goes (RFC 7578): every transport sends bytes
// at once (the command line's refuses FormData, and would have to read a Blob after the clock started),
// so the timing fetch's t0 is still the moment the request is handed over.

export type MultipartField = { name: string; value: string } | { name: string; fileName: string; contentType: string; bytes: Uint8Array };

const encoder = new TextEncoder();

/** The fields as one body, with the content type that names its boundary. */
export function multipartBody(fields: readonly MultipartField[], boundary = randomBoundary()): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const parts: Uint8Array[] = [];
  for (const field of fields) {
    const disposition = `Content-Disposition: form-data; name="${quoted(field.name)}"`;
    if ("value" in field) {
      parts.push(encoder.encode(`--${boundary}\r\n${disposition}\r\n\r\n${field.value}\r\n`));
    } else {
      parts.push(encoder.encode(`--${boundary}\r\n${disposition}; filename="${quoted(field.fileName)}"\r\nContent-Type: ${field.contentType}\r\n\r\n`), field.bytes, encoder.encode("\r\n"));
    }
  }
  parts.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(parts.reduce((total, part) => total + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    body.set(part, offset);
    offset += part.byteLength;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A name in a quoted header parameter: quotes and line breaks escaped as browsers do (the HTML standard's form encoding). */
function quoted(name: string): string {
  return name.replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/"/g, "%22");
}

/** Random, so no file's bytes can be made to hold it on purpose. */
function randomBoundary(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `providerbench-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}
