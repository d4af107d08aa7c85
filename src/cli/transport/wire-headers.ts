// Response headers as the fetch shape reads them: get/has by case-insensitive name, iteration as
// [name, value] pairs (so `new Response(body, { headers })` takes them). Built once from undici's raw
// header list, without the validation a WHATWG Headers runs on every name and value.

export class WireHeaders implements Iterable<[string, string]> {
  private constructor(private readonly values: Map<string, string>) {}

  /** undici's raw headers: [name, value, name, value, …] as bytes (latin1, as HTTP/1.1 defines them). */
  static fromRaw(raw: readonly (Buffer | string)[]): WireHeaders {
    const values = new Map<string, string>();
    for (let index = 0; index + 1 < raw.length; index += 2) {
      const name = raw[index]!.toString("latin1").toLowerCase();
      const value = raw[index + 1]!.toString("latin1");
      const previous = values.get(name);
      // Repeated fields combine as a list, as fetch's Headers does.
      values.set(name, previous === undefined ? value : `${previous}, ${value}`);
    }
    return new WireHeaders(values);
  }

  get(name: string): string | null {
    return this.values.get(name.toLowerCase()) ?? null;
  }

  has(name: string): boolean {
    return this.values.has(name.toLowerCase());
  }

  forEach(callback: (value: string, name: string) => void): void {
    for (const [name, value] of this.values) callback(value, name);
  }

  [Symbol.iterator](): Iterator<[string, string]> {
    return this.values.entries();
  }

  entries(): Iterator<[string, string]> {
    return this.values.entries();
  }
}
