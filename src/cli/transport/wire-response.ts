// The response the wire transport hands back (undici-transport.ts), its body streaming in (wire-body.ts).
import type { WireBody } from "./wire-body";
import type { WireHeaders } from "./wire-headers";

/** The part of a fetch Response that @huggingface/inference and the timing fetch read. */
export class WireResponse {
  readonly ok: boolean;
  readonly redirected = false;
  readonly type = "basic";
  readonly bodyUsed = false;

  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly headers: WireHeaders,
    readonly body: WireBody | null,
    readonly url: string,
  ) {
    this.ok = status >= 200 && status < 300;
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async bytes(): Promise<Uint8Array> {
    return this.body === null ? new Uint8Array(0) : this.body.bytes();
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }

  async blob(): Promise<Blob> {
    return new Blob([(await this.bytes()) as Uint8Array<ArrayBuffer>], { type: this.headers.get("content-type") ?? "" });
  }
}
