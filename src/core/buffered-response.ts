// A body read whole, handed back to @huggingface/inference in the shape it reads (status, ok, headers,
// json/text/blob/arrayBuffer). A WHATWG Response would wrap the bytes in a new ReadableStream only for
// the library to read them out again: per request, on the hot path, for nothing.

const decoder = new TextDecoder();

export function bufferedResponse(original: Response, body: Uint8Array): Response {
  let used = false;
  const take = (): Uint8Array => {
    if (used) throw new TypeError("the body has already been read");
    used = true;
    return body;
  };
  const response = {
    status: original.status,
    statusText: original.statusText,
    ok: original.ok,
    headers: original.headers,
    url: original.url,
    redirected: original.redirected,
    type: original.type,
    body: null,
    get bodyUsed() {
      return used;
    },
    text: async () => decoder.decode(take()),
    json: async (): Promise<unknown> => JSON.parse(decoder.decode(take())),
    arrayBuffer: async () => take().slice().buffer,
    bytes: async () => take().slice(),
    blob: async () => new Blob([take() as Uint8Array<ArrayBuffer>], { type: original.headers.get("content-type") ?? "" }),
    clone: () => bufferedResponse(original, body),
  };
  return response as unknown as Response;
}
