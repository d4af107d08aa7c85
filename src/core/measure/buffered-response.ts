// A body read whole, handed back to @huggingface/inference in the shape it reads (status, ok, headers,
// json/text/blob/arrayBuffer). A WHATWG Response would wrap the bytes in a new ReadableStream only for
// the library to read them out again: per request, on the hot path, for nothing. One object per request,
// its methods on the prototype (not a closure each).

const decoder = new TextDecoder();

class BufferedResponse {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly headers: Headers;
  readonly url: string;
  readonly redirected: boolean;
  readonly type: ResponseType;
  readonly body = null;
  private used = false;

  constructor(
    private readonly original: Response,
    private readonly bytesRead: Uint8Array,
  ) {
    this.status = original.status;
    this.statusText = original.statusText;
    this.ok = original.ok;
    this.headers = original.headers;
    this.url = original.url;
    this.redirected = original.redirected;
    this.type = original.type;
  }

  get bodyUsed(): boolean {
    return this.used;
  }

  private take(): Uint8Array {
    if (this.used) throw new TypeError("the body has already been read");
    this.used = true;
    return this.bytesRead;
  }

  // Async as fetch's are: a body already read is a rejection, not a throw.
  async text(): Promise<string> {
    return decoder.decode(this.take());
  }

  async json(): Promise<unknown> {
    return JSON.parse(decoder.decode(this.take())) as unknown;
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return this.take().slice().buffer;
  }

  async bytes(): Promise<Uint8Array> {
    return this.take().slice();
  }

  async blob(): Promise<Blob> {
    return new Blob([this.take() as Uint8Array<ArrayBuffer>], { type: this.original.headers.get("content-type") ?? "" });
  }

  clone(): Response {
    return bufferedResponse(this.original, this.bytesRead);
  }
}

export function bufferedResponse(original: Response, body: Uint8Array): Response {
  return new BufferedResponse(original, body) as unknown as Response;
}
