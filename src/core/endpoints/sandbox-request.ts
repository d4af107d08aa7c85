// Which request of a run this is, told to the sandbox: its target, its place in the target's sequence,
// warm-up or not, its load stage and its attempt. The sandbox draws everything random about its answer
// (delays, errors, words, JSON compliance) from its seed and this identity alone, so the same scenario
// run twice against one sandbox gets the same answers request by request, whatever the arrival order.
// Sent to `sandbox:/` endpoints only: a real provider's request carries nothing ProviderBench added.

/** The header the runner adds to every attempt it sends to a sandbox target. */
export const SANDBOX_REQUEST_HEADER = "x-providerbench-request";

export interface SandboxRequestIdentity {
  targetId: string;
  /** The request's place in its target's sequence (repetition × inputs + input; a warm-up's number), from 0. */
  sequence: number;
  warmup: boolean;
  /** The load stage, or null outside a load model. */
  stage: number | null;
  /** From 1. */
  attempt: number;
}

/** `fast;5;0;;1`: the target id percent-encoded (any id is a valid header value), then the numbers. */
export function formatSandboxRequest(identity: SandboxRequestIdentity): string {
  return [encodeURIComponent(identity.targetId), identity.sequence, identity.warmup ? 1 : 0, identity.stage ?? "", identity.attempt].join(";");
}

const WHOLE = /^(0|[1-9]\d{0,15})$/;

/** The identity a header value carries, or null when it carries none that could be ours. */
export function parseSandboxRequest(text: string | undefined): SandboxRequestIdentity | null {
  if (text === undefined || text.length > 512) return null;
  const [target, sequence, warmup, stage, attempt, ...rest] = text.split(";");
  if (rest.length > 0 || target === undefined || target === "" || !WHOLE.test(sequence ?? "") || (warmup !== "0" && warmup !== "1") || (stage !== "" && !WHOLE.test(stage ?? "")) || !WHOLE.test(attempt ?? "")) return null;
  let targetId: string;
  try {
    targetId = decodeURIComponent(target);
  } catch {
    return null;
  }
  const attemptNumber = Number(attempt);
  if (attemptNumber < 1) return null;
  return { targetId, sequence: Number(sequence), warmup: warmup === "1", stage: stage === "" ? null : Number(stage), attempt: attemptNumber };
}

/** A fetch that adds one header to every request it sends (the rest of the request as given). */
export function withRequestHeader(baseFetch: typeof fetch, name: string, value: string): typeof fetch {
  const sending = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers ?? (typeof input === "object" && "headers" in input ? input.headers : undefined));
    headers.set(name, value);
    return baseFetch(input, { ...init, headers });
  };
  return sending as typeof fetch;
}
