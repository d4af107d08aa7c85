// Which Authorization header each loopback server receives when the command line sends, through its undici
// transport and through Node's fetch (`--transport fetch`): endpoint A's key at A only, nothing at B, and
// nothing at the origin A redirects to (msw cannot see undici's dispatcher, so these are real servers).
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createWireTransport, type WireTransport } from "../../src/cli/transport/undici-transport";
import type { RequestRecord } from "../../src/core/record";
import { runScenario } from "../../src/core/run";
import { type Scenario, validateScenario } from "../../src/core/scenario";
import { chatCompletionBody } from "../mocks/hf-router";

const KEY_A = "sk-endpoint-A-key-0123456789";

interface Arrival {
  path: string;
  headers: IncomingHttpHeaders;
}

interface LoopbackServer {
  url: string;
  arrivals: Arrival[];
  close(): Promise<void>;
}

type Answer = (path: string) => { status: number; headers?: Record<string, string> };

const servers: LoopbackServer[] = [];
const transports: WireTransport[] = [];

async function serve(answer: Answer = () => ({ status: 200 })): Promise<LoopbackServer> {
  const arrivals: Arrival[] = [];
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      arrivals.push({ path: request.url ?? "", headers: request.headers });
      const { status, headers } = answer(request.url ?? "");
      if (status !== 200) return response.writeHead(status, headers).end();
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(chatCompletionBody("m", "ok", 1)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const created: LoopbackServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

function scenario(targets: unknown[]): Scenario {
  const result = validateScenario({ version: 1, name: "keys", task: "chat-completion", inputs: ["Hello"], parameters: { max_tokens: 8 }, targets });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

const sendersByTransport: [string, () => typeof fetch][] = [
  [
    "undici transport",
    () => {
      const transport = createWireTransport({ connectionsPerOrigin: 2 });
      transports.push(transport);
      return transport.fetch;
    },
  ],
  ["Node's fetch", () => globalThis.fetch.bind(globalThis)],
];

async function run(testScenario: Scenario, baseFetch: typeof fetch): Promise<RequestRecord[]> {
  const records: RequestRecord[] = [];
  await runScenario({
    runId: "keys",
    scenario: testScenario,
    accessToken: "hf_SENTINEL_never_to_an_endpoint_000",
    endpointKeys: { byTarget: { a: KEY_A } },
    fetch: baseFetch,
    onRecord: (record) => records.push(record),
    sleep: async () => {},
  });
  return records;
}

describe.each(sendersByTransport)("Authorization per host on the %s", (_, createFetch) => {
  it("sends A's key to A only, nothing to B, and never the HF token to either", async () => {
    const a = await serve();
    const b = await serve();
    const records = await run(
      scenario([
        { id: "a", endpointUrl: `${a.url}/v1`, model: "m", apiKeyEnv: "A_KEY" },
        { id: "b", endpointUrl: `${b.url}/v1`, model: "m" },
      ]),
      createFetch(),
    );
    expect(records.map((record) => record.status)).toEqual(["ok", "ok"]);
    expect(a.arrivals.map((arrival) => arrival.headers.authorization)).toEqual([`Bearer ${KEY_A}`]);
    expect(b.arrivals.map((arrival) => arrival.headers.authorization)).toEqual([undefined]);
  });

  it("refuses A's redirect to another origin: nothing reaches it", async () => {
    const elsewhere = await serve();
    const a = await serve(() => ({ status: 307, headers: { location: `${elsewhere.url}/v1/chat/completions` } }));
    const records = await run(scenario([{ id: "a", endpointUrl: `${a.url}/v1`, model: "m" }]), createFetch());
    expect(records[0]).toMatchObject({ status: "error", errorKind: "bad_response" });
    expect(records[0]!.errorMessage).toContain("redirected (HTTP 307) to another origin");
    expect(a.arrivals.map((arrival) => arrival.headers.authorization)).toEqual([`Bearer ${KEY_A}`]);
    expect(elsewhere.arrivals).toEqual([]);
  });

  it("follows A's redirect within A, key and all", async () => {
    const a = await serve((path) => (path.startsWith("/moved") ? { status: 200 } : { status: 308, headers: { location: `/moved${path}` } }));
    const records = await run(scenario([{ id: "a", endpointUrl: `${a.url}/v1`, model: "m" }]), createFetch());
    expect(records[0]).toMatchObject({ status: "ok", output: "ok" });
    expect(a.arrivals.map((arrival) => [arrival.path, arrival.headers.authorization])).toEqual([
      ["/v1/chat/completions", `Bearer ${KEY_A}`],
      ["/moved/v1/chat/completions", `Bearer ${KEY_A}`],
    ]);
  });
});
