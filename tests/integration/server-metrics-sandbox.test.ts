// Server metrics end to end in the test's process: the sandbox's /metrics scraped (by the command line's
// scraping, over its own connection) while the runner sends to it; the server's TTFT from its histogram
// against the client's; the scrapes in a bundle's tail and `analyze --json`'s serverMetrics; a target's key
// at its metrics page only on its own origin; a page that fails, counted and not fatal.
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundlePieces } from "../../src/core/io/bundle";
import type { RequestRecord } from "../../src/core/record";
import { runScenario } from "../../src/core/run";
import { validateScenario, type Scenario } from "../../src/core/scenario";
import { summarizeServerMetrics } from "../../src/core/server-metrics";
import { summarize } from "../../src/core/stats";
import { startServerMetrics } from "../../src/cli/server-metrics";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";
import { runCliInProcess } from "./cli-in-process";
import { withTimerLateness } from "./timer-lateness";

/** What the client adds to the server's TTFT on loopback besides a stalled event loop: the request's way in, the first event's way out, reading it. */
const CLIENT_MARGIN_MS = 30;

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

function scenarioOf(spec: Record<string, unknown>): Scenario {
  const checked = validateScenario({ version: 1, name: "server metrics", task: "chat-completion", inputs: ["a", "b", "c"], parameters: { max_tokens: 6 }, ...spec });
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return checked.scenario;
}

describe("scraping the sandbox through a run", () => {
  it("counts every request the run sent, and its TTFT percentiles hold the client's within the bucket and the margin", async () => {
    const scenario = scenarioOf({
      targets: [{ id: "steady", endpointUrl: "sandbox:/steady/v1", model: "m" }],
      run: { repetitions: 4, concurrency: 4, stream: true, serverMetrics: { intervalMs: 200 } },
    });
    const records: RequestRecord[] = [];
    const { result: scrapes, lateMs } = await withTimerLateness(async () => {
      const scraping = startServerMetrics(scenario, { endpointKeys: {}, sandboxUrl: sandbox.url, transport: "undici" })!;
      expect(scraping.plan).toContain(`steady: ${sandbox.url}/steady/metrics`);
      await scraping.baseline;
      await runScenario({ runId: "metrics-run", scenario, sandboxUrl: sandbox.url, onRecord: (record) => void records.push(record) });
      return scraping.stop();
    });
    expect(records.every((record) => record.status === "ok")).toBe(true);
    expect(scrapes.length).toBeGreaterThanOrEqual(2);
    expect(scrapes.every((scrape) => scrape.ok && scrape.server === "vllm")).toBe(true);
    // The cost of a scrape is measured on each: the parse on the run's thread within the whole scrape.
    expect(scrapes.every((scrape) => scrape.parseMs! >= 0 && scrape.parseMs! <= scrape.durationMs && scrape.bytes! > 0)).toBe(true);

    const [server] = summarizeServerMetrics(scrapes, ["steady"]);
    const ttft = server!.percentiles.find((row) => row.quantity === "ttft")!;
    expect(ttft.count).toBe(12);
    expect(server!.percentiles.find((row) => row.quantity === "e2e")!.count).toBe(12);
    const [client] = summarize(records, ["steady"]);
    const margin = CLIENT_MARGIN_MS + lateMs;
    for (const percent of ["p50", "p90"] as const) {
      const bucket = ttft[percent]!;
      expect(bucket.upper).not.toBeNull();
      expect(client!.ttftMs[percent]!).toBeGreaterThanOrEqual(bucket.lower - margin);
      expect(client!.ttftMs[percent]!).toBeLessThanOrEqual(bucket.upper! + margin);
    }

    // The scrapes travel in a bundle's tail, and analyze sets the server's side beside the client's.
    const dir = mkdtempSync(join(tmpdir(), "providerbench-server-metrics-"));
    const bundlePath = join(dir, "run.pbrun.json.gz");
    const run = { id: "metrics-run", scenarioName: scenario.name, scenario, startedAt: records[0]!.startedAt, planned: 12, appVersion: "test", libraryVersions: {}, origin: { label: null, tool: "providerbench-cli" as const, toolVersion: null, host: null, userAgent: null }, replayOfRunId: null };
    const tail = { status: "completed" as const, finishedAt: Date.now(), errorMessage: null, blobs: [], serverMetrics: scrapes };
    writeFileSync(bundlePath, gzipSync([...bundlePieces(run, records, tail)].join("")));
    const analyzed = await runCliInProcess(["analyze", bundlePath, "--json"]);
    expect(analyzed.code, analyzed.stderr).toBe(0);
    const json = JSON.parse(analyzed.stdout) as { serverMetrics: { targetId: string; server: string; failures: number; percentiles: { quantity: string; count: number; p50: { bucketLowerMs: number; bucketUpperMs: number } }[] }[] };
    expect(json.serverMetrics).toHaveLength(1);
    expect(json.serverMetrics[0]).toMatchObject({ targetId: "steady", server: "vllm", failures: 0 });
    expect(json.serverMetrics[0]!.percentiles.find((row) => row.quantity === "ttft")).toMatchObject({ count: 12, p50: { bucketLowerMs: ttft.p50!.lower, bucketUpperMs: ttft.p50!.upper } });
    const text = await runCliInProcess(["analyze", bundlePath]);
    expect(text.stdout).toContain("Server metrics (each target's /metrics)");
    expect(text.stdout).toMatch(/TTFT, server .* \(\d+ ms–\d+ ms\)/);
    expect(text.stdout).toContain("TTFT, client");
  }, 30_000);
});

describe("a metrics page elsewhere", () => {
  const seen: { port: number; authorization: string | undefined }[] = [];
  const servers: Server[] = [];
  const ports: number[] = [];

  beforeAll(async () => {
    for (let index = 0; index < 2; index++) {
      const server = createServer((request, response) => {
        const port = (server.address() as AddressInfo).port;
        seen.push({ port, authorization: (request.headers as IncomingHttpHeaders).authorization });
        if (request.url === "/broken") {
          response.writeHead(500).end("no");
          return;
        }
        response.writeHead(200, { "content-type": "text/plain" }).end("# TYPE vllm:num_requests_running gauge\nvllm:num_requests_running 3\n");
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      servers.push(server);
      ports.push((server.address() as AddressInfo).port);
    }
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it("sends a keyed endpoint's key to its metrics page on its own origin only; a failing page is counted, not fatal", async () => {
    const [own, other] = ports;
    const scenario = scenarioOf({
      targets: [
        { id: "same", endpointUrl: `http://127.0.0.1:${own}/v1`, model: "m" },
        { id: "elsewhere", endpointUrl: `http://127.0.0.1:${own}/v1`, model: "m", metricsUrl: `http://127.0.0.1:${other}/metrics` },
        { id: "broken", endpointUrl: `http://127.0.0.1:${own}/v1`, model: "m", metricsUrl: `http://127.0.0.1:${own}/broken` },
      ],
      run: { serverMetrics: { intervalMs: 60_000 } },
    });
    const keys = { byTarget: { same: "key-of-same", elsewhere: "key-of-elsewhere", broken: "key-of-broken" } };
    const scraping = startServerMetrics(scenario, { endpointKeys: keys, sandboxUrl: "http://127.0.0.1:1", transport: "undici" })!;
    expect(scraping.plan).toContain(`same: http://127.0.0.1:${own}/metrics (with its key: same origin)`);
    expect(scraping.plan).toMatch(new RegExp(`elsewhere: http://127.0.0.1:${other}/metrics\\n`));
    await scraping.baseline;
    const scrapes = await scraping.stop();
    expect(seen.filter((request) => request.port === own).map((request) => request.authorization).sort()).toEqual(["Bearer key-of-broken", "Bearer key-of-broken", "Bearer key-of-same", "Bearer key-of-same"]);
    expect(seen.filter((request) => request.port === other).map((request) => request.authorization)).toEqual([undefined, undefined]);
    const summaries = summarizeServerMetrics(scrapes, ["same", "elsewhere", "broken"]);
    expect(summaries.map((summary) => [summary.targetId, summary.scrapes, summary.failures, summary.lastError])).toEqual([
      ["same", 2, 0, null],
      ["elsewhere", 2, 0, null],
      ["broken", 2, 2, "HTTP 500"],
    ]);
  });
});
