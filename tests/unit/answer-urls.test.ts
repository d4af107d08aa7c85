// A file an answer points to: decoded when it is a data: URL, fetched only from the answering origin or an
// allowed one, read up to the byte limit; anything else refused before the fetch is called.
import { describe, expect, it } from "vitest";
import { AnswerUrlRefusedError, fetchAnswerUrl, type AnswerUrlRule } from "../../src/core/run";
import { ResponseTooLargeError } from "../../src/core/measure";

const rule: AnswerUrlRule = { answeredFrom: "https://api.example/v1/text-to-image", allowedOrigins: ["https://files.example"], maxResponseBytes: 8, signal: new AbortController().signal };

/** A fetch that notes every URL it is asked for and answers `body`. */
function notingFetch(body: BodyInit = "png") {
  const asked: string[] = [];
  const fetchFn = (async (input: RequestInfo | URL) => {
    asked.push(String(input));
    return new Response(body, { headers: { "content-type": "image/png" } });
  }) as typeof fetch;
  return { asked, fetchFn };
}

describe("fetchAnswerUrl", () => {
  it("decodes a data: URL, base64 or percent-encoded, without a request", async () => {
    const { asked, fetchFn } = notingFetch();
    const base64 = await fetchAnswerUrl(fetchFn, "data:image/png;base64,aGVsbG8=", rule);
    const plain = await fetchAnswerUrl(fetchFn, "data:text/plain,a%20b", rule);
    expect([base64.type, await base64.text(), plain.type, await plain.text()]).toEqual(["image/png", "hello", "text/plain", "a b"]);
    expect(asked).toEqual([]);
  });

  it.each(["file:///etc/passwd", "javascript:alert(1)", "ftp://files.example/x.png", "not a url"])("refuses %s without a request", async (url) => {
    const { asked, fetchFn } = notingFetch();
    await expect(fetchAnswerUrl(fetchFn, url, rule)).rejects.toBeInstanceOf(AnswerUrlRefusedError);
    expect(asked).toEqual([]);
  });

  it("fetches from the answering origin and the allowed ones only", async () => {
    const { asked, fetchFn } = notingFetch();
    await fetchAnswerUrl(fetchFn, "https://api.example/out/1.png", rule);
    await fetchAnswerUrl(fetchFn, "https://files.example/out/2.png", rule);
    // Same host, another scheme or port: another origin.
    for (const other of ["http://api.example/out/3.png", "https://api.example:8443/out/4.png", "https://evil.example/5.png"]) {
      await expect(fetchAnswerUrl(fetchFn, other, rule)).rejects.toThrow(/not fetched/);
    }
    expect(asked).toEqual(["https://api.example/out/1.png", "https://files.example/out/2.png"]);
  });

  it("stops a body over the limit", async () => {
    const { fetchFn } = notingFetch("123456789");
    await expect(fetchAnswerUrl(fetchFn, "https://api.example/big.png", rule)).rejects.toBeInstanceOf(ResponseTooLargeError);
  });
});
