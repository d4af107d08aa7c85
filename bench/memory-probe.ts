// Loaded into the measured command line (`node --import`): appends the process's own memory figures to
// the file named by PROVIDERBENCH_MEMORY_PROBE every 250 ms, so the scale bench can tell the JS heap from
// the typed arrays the exact statistics keep (8 bytes per value), which RSS alone lumps together.
import { appendFileSync } from "node:fs";

const probeFile = process.env.PROVIDERBENCH_MEMORY_PROBE;
if (probeFile !== undefined) {
  const startedAt = performance.now();
  const timer = setInterval(() => {
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    appendFileSync(probeFile, `${JSON.stringify({ atMs: performance.now() - startedAt, heapUsed, arrayBuffers })}\n`);
  }, 250);
  timer.unref();
}
