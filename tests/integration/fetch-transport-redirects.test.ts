// The command line's `--transport fetch` keeps a request at its origin as the undici transport does: a
// redirect to another origin is refused (that origin receives nothing), one within the origin followed.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRunTransport } from "../../src/cli/transport/run-transport";
import { RedirectRefusedError } from "../../src/core/endpoints";
import { validateScenario } from "../../src/core/scenario";

let provider: Server;
let elsewhere: Server;
let elsewhereRequests = 0;
let providerUrl: string;

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  elsewhere = createServer((_request, response) => {
    elsewhereRequests++;
    response.end("{}");
  });
  const elsewhereUrl = await listen(elsewhere);
  provider = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      if (request.url === "/away") response.writeHead(307, { location: `${elsewhereUrl}/v1/chat/completions` }).end();
      else if (request.url === "/moved") response.writeHead(307, { location: "/here" }).end();
      else response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ method: request.method, body }));
    });
  });
  providerUrl = await listen(provider);
});

afterAll(async () => {
  await Promise.all([provider, elsewhere].map((server) => new Promise((resolve) => server.close(resolve))));
});

const scenario = (() => {
  const result = validateScenario({ version: 1, name: "redirects", task: "chat-completion", inputs: ["Hi"], targets: [{ id: "a", endpointUrl: "http://127.0.0.1:1/v1", model: "m" }] });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
})();

describe("--transport fetch", () => {
  it("refuses a redirect to another origin: the prompt never reaches it", async () => {
    const transport = createRunTransport({ transport: "fetch", http2: false }, scenario);
    const sent = transport.fetch(`${providerUrl}/away`, { method: "POST", body: '{"prompt":"secret plans"}', headers: { "content-type": "application/json" } });
    await expect(sent).rejects.toBeInstanceOf(RedirectRefusedError);
    await expect(sent).rejects.toThrow(/redirected \(HTTP 307\) to another origin, http:\/\/127\.0\.0\.1:\d+: not followed/);
    expect(elsewhereRequests).toBe(0);
  });

  it("follows a redirect within the origin, with the same method and body", async () => {
    const transport = createRunTransport({ transport: "fetch", http2: false }, scenario);
    const response = await transport.fetch(`${providerUrl}/moved`, { method: "POST", body: '{"prompt":"hi"}', headers: { "content-type": "application/json" } });
    expect(await response.json()).toEqual({ method: "POST", body: '{"prompt":"hi"}' });
  });
});
