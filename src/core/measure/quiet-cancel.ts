// Cancelling what is left of a body nobody will read: nothing measured depends on that rest, so a
// failure to cancel it changes no record.

const ignoreFailure = (): void => undefined;

export function cancelQuietly(body: ReadableStream<Uint8Array> | ReadableStreamDefaultReader<Uint8Array>): void {
  body.cancel().catch(ignoreFailure);
}
