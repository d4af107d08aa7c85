// Fault profiles that change the transport rather than the content: trickle, malformed, wrongtype, huge.

import { dialectFor, embeddingBody, SSE_HEADERS } from "./answers";
import { sseEvent, usageOf, type ResponseContext } from "./openai-responses";
import { repeatedPartsLength, type BodyPiece, type RepeatedPart, type ScheduledAnswer } from "./playback";
import type { EmbeddingRequest, GenerationRequest } from "./requests";
import { hugeNumberBlock, hugeWordBlock } from "./text";

function bodyBytes(answer: ScheduledAnswer): Buffer {
  const toBuffer = (piece: BodyPiece): Buffer => (typeof piece === "string" ? Buffer.from(piece) : Buffer.from(piece));
  return Buffer.concat(answer.pieces.map((piece) => toBuffer(piece.data)));
}

/** The same answer, but headers at once and then one byte every `byteIntervalMs`. */
export function trickled(answer: ScheduledAnswer, byteIntervalMs: number): ScheduledAnswer {
  const bytes = bodyBytes(answer);
  const pieces = Array.from({ length: bytes.length }, (_, index) => ({
    atMs: index * byteIntervalMs,
    data: bytes.subarray(index, index + 1),
  }));
  return { ...answer, headersAtMs: 0, pieces, endAtMs: Math.max(0, bytes.length - 1) * byteIntervalMs };
}

/**
 * A JSON answer cut to 60% of its bytes, with a Content-Length that matches, so the transfer itself is
 * clean and only the parse fails. A strict prefix of an object or array is never valid JSON.
 */
export function malformed(answer: ScheduledAnswer): ScheduledAnswer {
  const bytes = bodyBytes(answer);
  const truncated = bytes.subarray(0, Math.min(bytes.length - 1, Math.floor(bytes.length * 0.6)));
  return {
    status: 200,
    headers: { "content-type": "application/json", "content-length": truncated.length },
    headersAtMs: answer.endAtMs,
    pieces: [{ atMs: answer.endAtMs, data: truncated }],
    endAtMs: answer.endAtMs,
    ending: "end",
  };
}

// What a misrouted request gets from a web server's landing page or a captive portal.
const HTML_PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Welcome</title></head>
<body>
<h1>It works!</h1>
<p>This is a web page, not an inference API. (ProviderBench sandbox, wrongtype profile)</p>
</body>
</html>
`;

export function htmlAnswer(atMs: number): ScheduledAnswer {
  return {
    status: 200,
    headers: { "content-type": "text/html; charset=utf-8", "content-length": Buffer.byteLength(HTML_PAGE) },
    headersAtMs: atMs,
    pieces: [{ atMs, data: HTML_PAGE }],
    endAtMs: atMs,
    ending: "end",
  };
}

export interface HugeAnswer {
  headers: Record<string, string | number>;
  parts: RepeatedPart[];
}

// Stands for the repeated block inside a normally built body; plain ASCII, so JSON leaves it untouched.
const MARKER = "@@sandbox-huge@@";

function once(text: string): RepeatedPart {
  return { data: Buffer.from(text), times: 1 };
}

/** Splits JSON built around markers and puts `fill` (a list of parts) where each marker was. */
function fillMarkers(json: string, marker: string, fill: readonly RepeatedPart[]): RepeatedPart[] {
  const segments = json.split(marker);
  const parts: RepeatedPart[] = [];
  segments.forEach((segment, index) => {
    if (segment !== "") parts.push(once(segment));
    if (index < segments.length - 1) parts.push(...fill);
  });
  return parts;
}

function withLength(parts: RepeatedPart[]): HugeAnswer {
  return { headers: { "content-type": "application/json", "content-length": repeatedPartsLength(parts) }, parts };
}

/** A complete, valid chat or text completion of about `targetBytes`, ignoring max_tokens. */
export function hugeGeneration(request: GenerationRequest, context: ResponseContext, targetBytes: number): HugeAnswer {
  const dialect = dialectFor(request.endpoint);
  const block = hugeWordBlock();
  const choiceCount = request.choiceCount;
  const times = Math.max(1, Math.round(targetBytes / choiceCount / block.text.length));
  const usage = usageOf(request.promptTokens, block.wordCount * times * choiceCount);
  const blockPart: RepeatedPart = { data: Buffer.from(block.text), times };
  if (!request.stream) {
    const choices = Array.from({ length: choiceCount }, () => ({ text: MARKER, finishReason: "stop" as const }));
    return withLength(fillMarkers(JSON.stringify(dialect.body(context, choices, usage)), MARKER, [blockPart]));
  }
  const usageField = request.includeUsage;
  const parts: RepeatedPart[] = [];
  for (let index = 0; index < choiceCount; index++) {
    const opening = dialect.opening(context, index, usageField);
    if (opening !== undefined) parts.push(once(sseEvent(opening)));
  }
  for (let index = 0; index < choiceCount; index++) {
    // One event per ~64 KB of words: the same event text repeated, so it is encoded only once.
    const event = sseEvent(dialect.token(context, index, block.text, usageField));
    parts.push({ data: Buffer.from(event), times });
  }
  for (let index = 0; index < choiceCount; index++) parts.push(once(sseEvent(dialect.finish(context, index, "stop", usageField))));
  if (request.includeUsage) parts.push(once(sseEvent(dialect.usage(context, usage))));
  parts.push(once(sseEvent("[DONE]")));
  return { headers: SSE_HEADERS, parts };
}

/** Valid embedding answers whose vectors are long enough to make the body about `targetBytes`. */
export function hugeEmbeddings(request: EmbeddingRequest, model: string, targetBytes: number): HugeAnswer {
  const numbers = hugeNumberBlock();
  const times = Math.max(1, Math.round(targetBytes / request.inputs.length / numbers.length));
  const vectorParts: RepeatedPart[] = [once("["), { data: Buffer.from(numbers), times }, once("0]")];
  const markers = request.inputs.map(() => MARKER);
  const json = JSON.stringify(embeddingBody(request, model, markers));
  // The markers were strings, so JSON quoted them: replace the quotes too.
  return withLength(fillMarkers(json, JSON.stringify(MARKER), vectorParts));
}
