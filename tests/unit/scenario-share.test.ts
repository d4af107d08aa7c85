// Share links and exported files: a scenario round-trips through the link, never carries a key, and a
// hostile link is refused by its length, its inflated size or its fields, never by taking the tab down.
import { describe, expect, it } from "vitest";
import { checkScenarioShape, type Scenario, decodeSharePayload, encodeSharePayload, fromBase64Url, MAX_SHARE_PAYLOAD_CHARS, MAX_SHARED_SCENARIO_BYTES, scenarioFileText, SecretInScenarioError, shareableScenarioText, toBase64Url } from "../../src/core/scenario";
import chatScenario from "../../scenarios/sandbox-chat-streaming.json";

function bundled(): Scenario {
  const result = checkScenarioShape(chatScenario);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("share links", () => {
  it("carry the scenario unchanged", async () => {
    const scenario = bundled();
    const payload = await encodeSharePayload(scenarioFileText(scenario));
    expect(payload).toMatch(/^1\.[A-Za-z0-9_-]+$/);
    const decoded = await decodeSharePayload(payload);
    expect(decoded.ok).toBe(true);
    if (decoded.ok) expect(decoded.scenario).toEqual(scenario);
  });

  it("are refused when the text holds one of the user's keys, and carry none otherwise", async () => {
    const token = "hf_abcdefghijklmnopqrstuvwxyz0123456789";
    const scenario = bundled();
    const text = shareableScenarioText(scenario, [token]);
    expect(text).not.toContain(token);
    const payload = await encodeSharePayload(text);
    const decoded = await decodeSharePayload(payload);
    expect(decoded.ok && JSON.stringify(decoded.scenario)).not.toContain(token);
    const leaky = { ...scenario, description: `my key is ${token}` };
    expect(() => shareableScenarioText(leaky, [token])).toThrow(SecretInScenarioError);
  });

  it("refuse a payload past the length limit without decoding it", async () => {
    const result = await decodeSharePayload(`1.${"A".repeat(MAX_SHARE_PAYLOAD_CHARS)}`);
    expect(result).toEqual({ ok: false, errors: [{ path: "", message: expect.stringMatching(/^share link: longer than/) as string }] });
  });

  it("stop inflating a small link that expands past the size limit", async () => {
    // 8 MiB of spaces deflate to about 8 KiB: well within the link limit, far past the inflated one.
    const bomb = await deflateRaw(new Uint8Array(8 * 1024 * 1024).fill(32));
    const payload = `1.${toBase64Url(bomb)}`;
    expect(payload.length).toBeLessThan(MAX_SHARE_PAYLOAD_CHARS);
    const result = await decodeSharePayload(payload);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]!.message).toBe(`share link: the scenario inflates past ${MAX_SHARED_SCENARIO_BYTES / 1024 / 1024} MiB`);
  });

  it("name the field of a scenario that does not validate", async () => {
    const payload = await encodeSharePayload(JSON.stringify({ ...chatScenario, targets: [{ id: "a", endpointUrl: "sandbox:/fast/v1" }] }));
    const result = await decodeSharePayload(payload);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toContainEqual({ path: "targets[0].model", message: "required" });
  });

  it("explain links that are cut, changed or not JSON", async () => {
    const messageOf = async (payload: string): Promise<string> => {
      const result = await decodeSharePayload(payload);
      return result.ok ? "ok" : result.errors[0]!.message;
    };
    expect(await messageOf("2.AAAA")).toMatch(/not a ProviderBench scenario link/);
    expect(await messageOf("1.a*b")).toMatch(/not base64url/);
    expect(await messageOf(`1.${toBase64Url(new Uint8Array([255, 255, 255, 255]))}`)).toMatch(/does not decompress/);
    expect(await messageOf(`1.${toBase64Url(await deflateRaw(new TextEncoder().encode("{not json")))}`)).toMatch(/not JSON text/);
  });
});

describe("base64url", () => {
  it("round-trips every length and byte value", () => {
    for (let length = 0; length < 40; length++) {
      const bytes = Uint8Array.from({ length }, (_, index) => (index * 97 + length * 13) & 0xff);
      const text = toBase64Url(bytes);
      expect(text).toBe(Buffer.from(bytes).toString("base64url"));
      expect(fromBase64Url(text)).toEqual(bytes);
    }
  });
});
