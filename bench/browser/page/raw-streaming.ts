// The reference for the runner's clock in the browser: the same streaming chat request with a bare
// fetch and a stream reader, no client library, timed the same way (t0 before fetch, the chunk that
// carries the first content, the last byte), so what remains is Chromium's own delivery.
import type { StreamingRunOptions, StreamingRunResult } from "./bench-page-api";

// The role chunk carries `"content":""`; the first token's chunk is the first with a non-empty one.
const NON_EMPTY_CONTENT = /"content":"[^"]/;

async function timeOneRequest(url: string): Promise<{ ttftMs: number | null; latencyMs: number }> {
  const decoder = new TextDecoder();
  const t0 = performance.now();
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "clock", messages: [{ role: "user", content: "Tick." }], max_tokens: 8, stream: true }),
  });
  if (!response.ok || response.body === null) throw new Error(`HTTP ${response.status}`);
  const reader = response.body.getReader();
  let ttftMs: number | null = null;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    const arrivedAt = performance.now();
    if (done) return { ttftMs, latencyMs: arrivedAt - t0 };
    if (ttftMs === null) {
      // Kept until the first content is seen, in case a chunk boundary splits the marker.
      text += decoder.decode(value, { stream: true });
      if (NON_EMPTY_CONTENT.test(text)) ttftMs = arrivedAt - t0;
    }
  }
}

export async function runRawStreaming(options: StreamingRunOptions): Promise<StreamingRunResult> {
  const url = `${options.endpointUrl}/chat/completions`;
  const ttftsMs: number[] = [];
  const latenciesMs: number[] = [];
  const failures: string[] = [];
  const total = options.warmup + options.requests;
  let started = 0;
  const startedAt = performance.now();
  const worker = async (): Promise<void> => {
    while (started < total) {
      const warmup = started++ < options.warmup;
      try {
        const { ttftMs, latencyMs } = await timeOneRequest(url);
        if (warmup) continue;
        if (ttftMs === null) failures.push("no content in the stream");
        else {
          ttftsMs.push(ttftMs);
          latenciesMs.push(latencyMs);
        }
      } catch (error) {
        if (!warmup) failures.push(String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, total) }, worker));
  return { ttftsMs, latenciesMs, failures, elapsedMs: performance.now() - startedAt };
}
