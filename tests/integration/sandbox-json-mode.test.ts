// The sandbox asked for JSON (`response_format`): steady answers bare JSON every time, fast only about
// half the time (the rest in a Markdown code fence), and without the request nothing changes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 11, timeScale: 0.05 });
});

afterAll(async () => {
  await sandbox.close();
});

interface ChatBody {
  choices: { message: { content: string } }[];
  usage: { completion_tokens: number };
}

async function answer(profile: string, jsonMode: boolean): Promise<ChatBody> {
  const response = await fetch(`${sandbox.url}/${profile}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      model: "m",
      messages: [{ role: "user", content: "Reply in JSON." }],
      max_tokens: 12,
      ...(jsonMode ? { response_format: { type: "json_object" } } : {}),
    }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ChatBody;
}

function isBareJson(text: string): boolean {
  try {
    return typeof (JSON.parse(text) as { answer?: unknown }).answer === "string";
  } catch {
    return false;
  }
}

describe("sandbox JSON mode", () => {
  it("spells the answer as JSON within max_tokens, keeping the token count usage reports", async () => {
    const body = await answer("steady", true);
    const text = body.choices[0]!.message.content;
    expect(isBareJson(text)).toBe(true);
    expect((JSON.parse(text) as { answer: string }).answer.split(" ")).toHaveLength(body.usage.completion_tokens);
  });

  it("makes steady always comply and fast about half the time, the rest in a code fence", async () => {
    const requests = 40;
    const steady = await Promise.all(Array.from({ length: requests }, () => answer("steady", true)));
    const fast = await Promise.all(Array.from({ length: requests }, () => answer("fast", true)));
    expect(steady.every((body) => isBareJson(body.choices[0]!.message.content))).toBe(true);
    const fastTexts = fast.map((body) => body.choices[0]!.message.content);
    const bare = fastTexts.filter(isBareJson).length;
    // Binomial(40, 0.5): 10 to 30 holds with probability > 0.998, and the seed makes it one fixed draw.
    expect(bare).toBeGreaterThanOrEqual(10);
    expect(bare).toBeLessThanOrEqual(30);
    expect(fastTexts.filter((text) => !isBareJson(text)).every((text) => text.startsWith("```json\n{") && text.endsWith("}\n```"))).toBe(true);
  });

  it("answers plain words when JSON was not asked for", async () => {
    const text = (await answer("fast", false)).choices[0]!.message.content;
    expect(text).toMatch(/^( [a-z]+)+$/);
  });
});
