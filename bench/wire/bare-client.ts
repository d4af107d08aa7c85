// A bare client for the wire bench, in its own process: a closed loop of `concurrency` workers sending
// `requests` chat requests with undici's `request` or Node's `fetch`, nothing else — no library, no
// parsing beyond what timing needs. Writes one JSON line per request (the server's id from `x-wire-id`,
// t0 as epoch ms, TTFT at the first body chunk, latency at the last byte) to `--out`. The first `--warmup`
// requests go first through the same loop and are not written: the command line's `run.warmup` does the same.
//   node bare-client.js --kind undici|fetch --url <endpoint> --concurrency 32 --requests 3000 [--warmup 320] [--stream] --out <file>
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { Agent, request } from "undici";

const { values } = parseArgs({
  options: {
    kind: { type: "string" },
    url: { type: "string" },
    concurrency: { type: "string" },
    requests: { type: "string" },
    warmup: { type: "string", default: "0" },
    stream: { type: "boolean", default: false },
    out: { type: "string" },
  },
});
const kind = values.kind!;
const url = values.url!;
const concurrency = Number(values.concurrency);
const warmup = Number(values.warmup);
const total = warmup + Number(values.requests);
const stream = values.stream ?? false;
const body = JSON.stringify({ model: "wire", messages: [{ role: "user", content: "Wire." }], max_tokens: 32, ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}) });
const headers = { "content-type": "application/json" };

interface Sample {
  id: number;
  startedAt: number;
  ttftMs: number | null;
  latencyMs: number;
}

const samples: Sample[] = [];
const epochOffset = performance.timeOrigin;
const agent = new Agent({ connections: concurrency });

async function viaUndici(record: boolean): Promise<void> {
  const t0 = performance.now();
  const response = await request(url, { method: "POST", headers, body, dispatcher: agent });
  let ttft: number | null = null;
  for await (const chunk of response.body) {
    if (ttft === null && (chunk as Buffer).length > 0) ttft = performance.now() - t0;
  }
  if (record) samples.push({ id: Number(response.headers["x-wire-id"]), startedAt: epochOffset + t0, ttftMs: stream ? ttft : null, latencyMs: performance.now() - t0 });
}

async function viaFetch(record: boolean): Promise<void> {
  const t0 = performance.now();
  const response = await fetch(url, { method: "POST", headers, body });
  let ttft: number | null = null;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (ttft === null && value.length > 0) ttft = performance.now() - t0;
  }
  if (record) samples.push({ id: Number(response.headers.get("x-wire-id")), startedAt: epochOffset + t0, ttftMs: stream ? ttft : null, latencyMs: performance.now() - t0 });
}

const send = kind === "undici" ? viaUndici : viaFetch;
let started = 0;
const worker = async (): Promise<void> => {
  while (started < total) {
    const index = started++;
    await send(index >= warmup);
  }
};
await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
await agent.close();
writeFileSync(values.out!, samples.map((sample) => JSON.stringify(sample)).join("\n") + "\n");
