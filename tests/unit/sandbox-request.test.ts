// The identity a run's request tells the sandbox (src/core/endpoints/sandbox-request.ts): read back as written,
// and anything else is no identity (the sandbox then draws from its own sequence).
import { describe, expect, it } from "vitest";
import { formatSandboxRequest, parseSandboxRequest } from "../../src/core/endpoints";
import { drawIdentifiedRequest } from "../../src/sandbox/plan";

describe("the sandbox request identity", () => {
  it("reads back what it writes, any target id included", () => {
    const identity = { targetId: "fast; π/1", sequence: 11, warmup: false, stage: 2, attempt: 3 };
    expect(parseSandboxRequest(formatSandboxRequest(identity))).toEqual(identity);
    expect(parseSandboxRequest(formatSandboxRequest({ ...identity, warmup: true, stage: null }))).toEqual({ ...identity, warmup: true, stage: null });
  });

  it("is no identity when malformed", () => {
    for (const text of [undefined, "", "fast", "fast;1;0;;0", "fast;-1;0;;1", "fast;1;2;;1", "fast;1;0;;1;x", "%E0;1;0;;1"]) expect(parseSandboxRequest(text)).toBeNull();
  });

  it("draws the same for the same identity and seed, and apart for another attempt or seed", () => {
    const identity = { targetId: "fast", sequence: 4, warmup: false, stage: 0, attempt: 1 };
    expect(drawIdentifiedRequest(42, "fast", identity)).toEqual(drawIdentifiedRequest(42, "fast", identity));
    expect(drawIdentifiedRequest(42, "fast", { ...identity, attempt: 2 }).requestSeed).not.toBe(drawIdentifiedRequest(42, "fast", identity).requestSeed);
    expect(drawIdentifiedRequest(43, "fast", identity).requestSeed).not.toBe(drawIdentifiedRequest(42, "fast", identity).requestSeed);
    // The error beat counts first attempts of measured requests only.
    expect(drawIdentifiedRequest(42, "flaky", identity).requestNumber).toBe(5);
    expect(drawIdentifiedRequest(42, "flaky", { ...identity, attempt: 2 }).requestNumber).toBe(0);
  });
});
