// One worker thread of the load-precision bench: its own event loop and clock, running an open loop at
// its share of the rate, posting back each request's send lag (queueMs) and scheduled time.
import { parentPort, workerData } from "node:worker_threads";
import { measureOpenLoop, type OpenLoopSpec } from "../load-precision-run";

const spec = workerData as OpenLoopSpec;
void measureOpenLoop(spec).then((samples) => parentPort!.postMessage(samples));
