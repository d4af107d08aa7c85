// The sample trace the bundled trace replay sends (scenarios/assets/sample-trace.jsonl), made by
// ProviderBench, not taken from any production log: five minutes of requests shaped like Mooncake's
// published traces (kvcache-ai/Mooncake: `timestamp` in milliseconds, `input_length`, `output_length`,
// `hash_ids` one per 512-token block), dedicated to the public domain (CC0). Deterministic: the same seed
// writes the same bytes; `npm run assets` (scripts/make-scenario-assets.ts) writes it with the other
// assets, and a test checks the committed file is these bytes.
//
// Its shape: arrivals at about 0.6 a second with bursts of about 3 a second (an hour's peak in a minute);
// a third of the requests open with one of five shared system prompts (1 to 3 blocks), a third continue
// an earlier conversation (its blocks, then new ones), the rest are prompts of their own; lengths are
// log-normal, the prompts shorter than Mooncake's (a sandbox replay cuts them before it starts).
import { mulberry32, openUnit, standardNormal, type Random } from "../core/random";

const SEED = 29;
const DURATION_MS = 300_000;
const BLOCK = 512;
const BASE_RATE = 0.6; // per second
const BURST_RATE = 3;

interface Conversation {
  hashIds: number[];
  inputLength: number;
}

/** The trace's lines, one JSON object each, in time order. */
export function sampleTraceLines(seed = SEED): string[] {
  const random = mulberry32(seed);
  let nextId = 0;
  const newIds = (count: number): number[] => Array.from({ length: count }, () => nextId++);
  const systemPrompts = [1, 2, 3, 1, 2].map((blocks) => newIds(blocks));
  const conversations: Conversation[] = [];
  const bursts = burstWindows(random);
  const lines: string[] = [];
  for (let timeMs = 0; ; ) {
    const rate = bursts.some(([start, end]) => timeMs >= start && timeMs < end) ? BURST_RATE : BASE_RATE;
    timeMs += Math.max(1, Math.round((-Math.log(1 - random()) / rate) * 1000));
    if (timeMs >= DURATION_MS) break;
    const kind = random();
    const outputLength = clamp(Math.round(logNormal(random, 120, 0.6)), 8, 600);
    let hashIds: number[];
    let inputLength: number;
    if (kind < 0.33 && conversations.length > 0) {
      // A conversation's next turn: the whole blocks of its prompt so far, then the new turn's blocks.
      const conversation = conversations[Math.floor(random() * conversations.length)]!;
      inputLength = conversation.inputLength + clamp(Math.round(logNormal(random, 600, 0.5)), 64, 3000);
      hashIds = conversation.hashIds.slice(0, Math.floor(conversation.inputLength / BLOCK));
      hashIds.push(...newIds(Math.ceil(inputLength / BLOCK) - hashIds.length));
      conversation.hashIds = hashIds;
      conversation.inputLength = inputLength;
    } else {
      const shared = kind < 0.66 ? systemPrompts[Math.floor(random() * systemPrompts.length)]! : [];
      inputLength = shared.length * BLOCK + clamp(Math.round(logNormal(random, 900, 0.7)), 32, 6000);
      hashIds = [...shared, ...newIds(Math.ceil(inputLength / BLOCK) - shared.length)];
      if (random() < 0.5) conversations.push({ hashIds, inputLength });
      if (conversations.length > 12) conversations.shift();
    }
    lines.push(JSON.stringify({ timestamp: timeMs, input_length: inputLength, output_length: outputLength, hash_ids: hashIds }));
  }
  return lines;
}

/** Four bursts of 10 to 20 seconds, at places the seed chooses, one in each quarter of the trace after the first minute. */
function burstWindows(random: Random): [number, number][] {
  return [60_000, 120_000, 180_000, 240_000].map((quarterStart) => {
    const start = quarterStart + Math.round(random() * 40_000);
    return [start, start + 10_000 + Math.round(random() * 10_000)];
  });
}

function logNormal(random: Random, median: number, sigma: number): number {
  return median * Math.exp(sigma * standardNormal(openUnit(random)));
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** The file's bytes: one line per request, each ended by a newline. */
export function sampleTraceBytes(): Buffer {
  return Buffer.from(`${sampleTraceLines().join("\n")}\n`);
}
